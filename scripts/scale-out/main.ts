import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { killEverything, startedProcesses, tail } from './child-process';
import { describe, nginxErrors, productWarnings } from './log-digest';
import { finalChecks } from './checks';
import { closingLine, detail, mb, step } from './report';
import { runScenario, type RunRecord } from './scenario';
import { bringUp, type Stack } from './stack';
import type { TrafficFindings } from './traffic-checks';

/**
 * The scale-out check (decision 023), run by scripts/check-scale-out.sh: the compose topology
 * as real processes — nginx with the shipped deploy/nginx.conf in front of two compiled API processes on
 * one PostgreSQL database, two compiled gateways behind its internal listener — a customer's journey
 * and traffic, one API process and one gateway SIGKILLed mid-download and restarted, then the audit and
 * the traffic and money conservation checks. Exits 0 when everything held; 1 with the processes' last
 * log lines otherwise (their full logs are kept in the run's directory).
 * Environment: SCALE_OUT_NGINX (nginx binary), SCALE_OUT_DATABASE_URL (a PostgreSQL server where a
 * database may be created; default postgres://postgres@127.0.0.1:5432/postgres).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
/** What to undo at the end (drop the database, close the local servers), last first. */
const cleanups: (() => Promise<void>)[] = [];

async function cleanUp(): Promise<void> {
  await killEverything();
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error: unknown) => console.log(`cleanup: ${String(error)}`));
  }
}

// Interrupted (Ctrl-C, a CI timeout): no process of the run outlives it, the database is dropped.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`interrupted (${signal}): stopping everything`);
    void cleanUp().finally(() => process.exit(1));
  });
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const workDir = await mkdtemp(path.join(tmpdir(), 'resiport-scale-out-'));
  let passed = false;
  try {
    const stack = await bringUp(
      {
        root,
        workDir,
        nginxBin: process.env.SCALE_OUT_NGINX ?? 'nginx',
        adminDatabaseUrl: process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      cleanups,
    );
    const run = await runScenario(stack);
    const findings = await finalChecks(stack, run);
    await stopGracefully(stack);
    await printLogDigest(workDir);
    printSummary(run, findings, stack, (Date.now() - startedAt) / 1000);
    passed = true;
  } catch (error) {
    console.log(`FAIL: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    for (const p of startedProcesses()) {
      console.log(
        `--- ${p.name} (pid ${p.pid}, ${p.running() ? 'running' : 'exited'}), last lines of ${p.logFile}:`,
      );
      console.log(tail(p));
    }
  } finally {
    await cleanUp();
    if (passed) await rm(workDir, { recursive: true, force: true });
    else console.log(`logs kept in ${workDir}`);
  }
  console.log(closingLine(!passed));
  return passed ? 0 : 1;
}

/** The API processes and nginx stop on SIGTERM with exit 0 (the gateways were stopped by the run). */
async function stopGracefully(stack: Stack): Promise<void> {
  step('stop: API processes and nginx on SIGTERM');
  const codes = await Promise.all([...stack.apis.map((a) => a.process.stop()), stack.nginx.stop()]);
  if (codes.some((code) => code !== 0)) throw new Error(`exit codes on SIGTERM: ${codes.join(', ')}`);
}

async function printLogDigest(workDir: string): Promise<void> {
  step('logs: warnings and errors the processes wrote (the traces of the kills)');
  for (const p of startedProcesses()) {
    if (p.name !== 'nginx') detail(`${p.name}: ${describe(productWarnings(p))}`);
  }
  detail(`nginx: ${describe(await nginxErrors(path.join(workDir, 'nginx/error.log')))}`);
}

function printSummary(run: RunRecord, findings: TrafficFindings, stack: Stack, seconds: number): void {
  const received = findings.processes.reduce((n, p) => n + p.tally.bodyBytes, 0);
  const moved = findings.processes.reduce((n, p) => n + p.tally.movedBytes, 0);
  const cut = findings.processes.reduce((n, p) => n + p.tally.cut, 0);
  const calls = [...run.api.answeredBy.entries()].map(([upstream, n]) => `${upstream} ${n}`).join(', ');
  step(`scale-out: ok in ${seconds.toFixed(1)} s`);
  detail(`bytes received by clients (bodies): ${mb(received)}; moved by their sockets: ${mb(moved)}`);
  const overrun = findings.processes.reduce((n, p) => n + p.billing.overrun, 0n);
  detail(
    `billed to the sub-account: ${mb(findings.billed)}; overrun (delivered past its traffic): ${mb(overrun)}`,
  );
  detail(`lost to the SIGKILLed gateway: ${mb(findings.lost.bytes)} (bound ${mb(findings.lost.bound)})`);
  detail(
    `downloads cut by the kill: ${cut}; portal calls during the outage: ${run.outageCalls.made}, failed ${run.outageCalls.failed}`,
  );
  detail(
    `portal calls answered per API process: ${calls}; tunnels through the pool's exit: ${stack.exit.tunnels()}`,
  );
}

process.exitCode = await main();
