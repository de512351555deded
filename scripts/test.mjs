// npm test: typecheck, lint, the unit and API tests, then the browser tests against the built panel.
// Ends with one line "tests: N passed, N failed". `npm test -- --no-e2e` skips the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const withE2e = !process.argv.includes('--no-e2e');

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function counts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
  };
}

const vitest = (projects, output) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${output}`,
];

let isGreen = run('typecheck', 'npm', ['run', 'typecheck']);
isGreen = run('lint', 'npm', ['run', 'lint']) && isGreen;

const unitReport = path.join(resultsDir, 'unit.json');
isGreen = run('unit and API tests', 'npx', vitest(['contract', 'repo', 'api', 'web'], unitReport)) && isGreen;
const totals = counts(unitReport);

if (withE2e) {
  isGreen = run('browser: ensure chromium', 'node', ['scripts/ensure-chromium.mjs']) && isGreen;
  isGreen = run('build the panel', 'npm', ['run', 'build']) && isGreen;
  const e2eReport = path.join(resultsDir, 'e2e.json');
  isGreen = run('browser tests', 'npx', vitest(['e2e'], e2eReport)) && isGreen;
  const e2e = counts(e2eReport);
  totals.passed += e2e.passed;
  totals.failed += e2e.failed;
}

if (!isGreen && totals.failed === 0) totals.failed = 1; // a failed typecheck, lint or build counts
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(isGreen ? 0 : 1);
