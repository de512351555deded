// npm test: typecheck, lint, the unit and API tests, then the browser tests against the built panel.
// Ends with one line "tests: N passed, N failed", after the steps that failed, if any, each with
// the lines of its output that say why (a CI log is often read from its end).
// `npm test -- --no-e2e` skips the browser tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const withE2e = !process.argv.includes('--no-e2e');

/** Lines of a failed step's output that say why it failed, printed again at the end. */
const WHY = /error|fail|unhandled|✗|×|timed out|exit/i;
const WHY_LINES = 40;
const failures = [];

/** Runs one step with its output shown as it comes and kept, for the failure summary. */
function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    const keep = (stream, target) =>
      stream.on('data', (chunk) => {
        target.write(chunk);
        output = (output + chunk.toString()).slice(-2_000_000);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(true);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours
      const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
      // A runner's summary of what failed comes last; passed tests' titles may say "error" too.
      const why = lines.filter((line) => WHY.test(line) && !line.includes('✓'));
      failures.push({
        title,
        exit: signal ?? code,
        why: why.slice(-WHY_LINES),
        more: why.length - WHY_LINES,
      });
      resolve(false);
    });
  });
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

let isGreen = await run('typecheck', 'npm', ['run', 'typecheck']);
isGreen = (await run('lint', 'npm', ['run', 'lint'])) && isGreen;

const unitReport = path.join(resultsDir, 'unit.json');
isGreen =
  (await run('unit and API tests', 'npx', vitest(['contract', 'repo', 'api', 'web'], unitReport))) && isGreen;
const totals = counts(unitReport);

if (withE2e) {
  isGreen = (await run('browser: ensure chromium', 'node', ['scripts/ensure-chromium.mjs'])) && isGreen;
  isGreen = (await run('build the panel', 'npm', ['run', 'build'])) && isGreen;
  const e2eReport = path.join(resultsDir, 'e2e.json');
  isGreen = (await run('browser tests', 'npx', vitest(['e2e'], e2eReport))) && isGreen;
  const e2e = counts(e2eReport);
  totals.passed += e2e.passed;
  totals.failed += e2e.failed;
}

for (const { title, exit, why, more } of failures) {
  console.log(`\n=== failed: ${title} (exit ${exit})`);
  if (more > 0) console.log(`  (the last ${WHY_LINES} of ${why.length + more} lines that say why)`);
  for (const line of why) console.log(`  ${line.slice(0, 300)}`);
}
if (!isGreen && totals.failed === 0) totals.failed = 1; // a failed typecheck, lint or build counts
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(isGreen ? 0 : 1);
