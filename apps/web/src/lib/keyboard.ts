/** Keys number inputs refuse (spec §5), so "-5" or "2*3" cannot be typed into an amount. */
const arithmeticKeys = new Set(['+', '-', '*', '/']);

/** onKeyDown handler for number inputs: `<InputNumber onKeyDown={blockArithmeticKeys} />`. */
export function blockArithmeticKeys(event: { key: string; preventDefault(): void }): void {
  if (arithmeticKeys.has(event.key)) event.preventDefault();
}
