/** How the scale-out run talks: `== step` lines, indented details, byte counts in MB, and the checks. */

export const MB = 1_000_000;

export function step(text: string): void {
  console.log(`== ${text}`);
}

export function detail(text: string): void {
  console.log(`   ${text}`);
}

export function mb(bytes: number | bigint): string {
  return `${(Number(bytes) / MB).toFixed(3)} MB`;
}

/** A failed expectation: the run stops, prints the processes' last log lines and exits 1. */
export class CheckFailed extends Error {}

const counted = { passed: 0 };

/** One expectation of the run; counted, so the closing line says how many held. */
export function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new CheckFailed(what);
  counted.passed++;
}

/** The closing line, in the plain form CI reads: `scale-out: N passed, N failed`. */
export function closingLine(failed: boolean): string {
  return `scale-out: ${counted.passed} passed, ${failed ? 1 : 0} failed`;
}
