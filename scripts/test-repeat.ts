import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * The flake detector: `npm run test:repeat -- <test file>… [--times N]` runs the files N times (20 by
 * default), one run after another as CI would, and reports every failed run with the tests that
 * failed (its whole output kept in a file). A test that fails once in twenty is a defect to fix at its
 * cause; CI never retries.
 */
const args = process.argv.slice(2);
const timesAt = args.indexOf('--times');
const times = timesAt === -1 ? 20 : Number(args[timesAt + 1]);
const files = args.filter((_arg, index) => index !== timesAt && index !== timesAt + 1);
if (files.length === 0 || !Number.isInteger(times) || times < 1) {
  console.error('usage: npm run test:repeat -- <test file>… [--times N]');
  process.exit(2);
}

const logDir = mkdtempSync(path.join(tmpdir(), 'resiport-repeat-'));
const failedRuns: number[] = [];
for (let run = 1; run <= times; run++) {
  const started = performance.now();
  const result = spawnSync('npx', ['vitest', 'run', ...files], { encoding: 'utf8', env: process.env });
  const output = stripVTControlCharacters(`${result.stdout}${result.stderr}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    console.log(`run ${run}/${times}: passed in ${seconds} s`);
    continue;
  }
  failedRuns.push(run);
  const log = path.join(logDir, `run-${run}.log`);
  writeFileSync(log, output);
  const failures = [...new Set(output.split('\n').filter((line) => /^\s*(×|FAIL )/.test(line)))];
  console.log(`run ${run}/${times}: FAILED in ${seconds} s (output: ${log})`);
  for (const line of failures) console.log(`  ${line.trim()}`);
}
console.log(`\n${times - failedRuns.length} passed, ${failedRuns.length} failed`);
process.exit(failedRuns.length === 0 ? 0 : 1);
