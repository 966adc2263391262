/** Keys number inputs refuse (docs/product.md#number-inputs), so "-5" or "2*3" cannot be typed into an amount. */
const arithmeticKeys = new Set(['+', '-', '*', '/']);

/** Whole-number inputs also refuse an exponent and decimal separators ("1e3", "1.5", "1,5"). */
const nonDigitKeys = new Set([...arithmeticKeys, 'e', 'E', '.', ',']);

interface KeyEvent {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  preventDefault(): void;
}

/** onKeyDown handler for number inputs: `<InputNumber onKeyDown={blockArithmeticKeys} />`. */
export function blockArithmeticKeys(event: KeyEvent): void {
  if (arithmeticKeys.has(event.key)) event.preventDefault();
}

/** onKeyDown handler for whole-number inputs (GB quantities); shortcuts such as Ctrl+E still work. */
export function blockNonDigitKeys(event: KeyEvent): void {
  if (event.ctrlKey === true || event.metaKey === true) return;
  if (nonDigitKeys.has(event.key)) event.preventDefault();
}
