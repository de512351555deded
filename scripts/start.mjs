// npm start: builds the panel and the server when they are missing or older than their sources,
// then runs the built server (plain Node, no TypeScript loader: a faster start).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { isStale } from './is-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.join(root, 'packages/contract/src'),
];
if (isStale(builtIndex, sources)) {
  console.log('Building the panel...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@roam/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverBuild = spawnSync(process.execPath, [path.join(root, 'apps/api/scripts/build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);

const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
