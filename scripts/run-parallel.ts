import { spawn } from 'node:child_process';

/**
 * `tsx scripts/run-parallel.ts <npm script>…`: runs the named npm scripts at once and prints each one's
 * output whole when it ends (never interleaved), with its wall time; exits 1 if any failed. For the
 * single-threaded checks (tsc, ESLint, Prettier): one after another they leave a core of the CI
 * machine idle for minutes.
 */
interface Outcome {
  script: string;
  code: number;
  seconds: number;
}

function run(script: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const outcome = { script, code: code ?? 1, seconds };
      process.stdout.write(
        `\n── ${script}: ${outcome.code === 0 ? 'ok' : `FAILED (exit ${outcome.code})`} in ${seconds} s\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve(outcome);
    });
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/run-parallel.ts <npm script> [<npm script> …]');
  process.exit(2);
}
const outcomes = await Promise.all(scripts.map(run));
const failed = outcomes.filter((outcome) => outcome.code !== 0);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((outcome) => outcome.script).join(', ')}`);
  process.exit(1);
}
