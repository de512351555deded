// The browser tests drive Debian's Chromium at /usr/bin/chromium. Installs it when missing and we
// may (root with apt-get); otherwise says how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);
const isRoot = process.getuid?.() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const install =
    update.status === 0 &&
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (install && install.status === 0 && existsSync(CHROMIUM)) process.exit(0);
}
console.error(
  `Chromium is missing at ${CHROMIUM}: install Debian's package with "sudo apt-get install chromium".`,
);
process.exit(1);
