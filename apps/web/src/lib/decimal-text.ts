/**
 * A typed amount as the server reads it: trimmed, and a decimal comma (how Russian speakers type
 * "0,5" or "25,50") as a point. Every amount field (GB, USD) goes through this.
 */
export function normalizeDecimalText(input: string | undefined | null): string {
  return (input ?? '').trim().replace(',', '.');
}
