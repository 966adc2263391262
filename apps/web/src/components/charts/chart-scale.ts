/**
 * The arithmetic of the hand-made SVG charts: "nice" axis ticks, how many axis labels fit, where a
 * bar goes. No DOM, no React: tested on its own.
 */

/** The smallest "nice" step (1, 2, 2.5 or 5 times a power of ten) at least `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = [1, 2, 2.5, 5, 10].find((candidate) => fraction <= candidate * (1 + 1e-9)) ?? 10;
  return nice * power;
}

/** Decimals a step needs to be written exactly (2.5 → 1, 0.25 → 2, 1000 → 0), at most 6. */
export function stepDecimals(step: number): number {
  for (let digits = 0; digits < 6; digits++) {
    const scaled = step * 10 ** digits;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, scaled)) return digits;
  }
  return 6;
}

export interface Ticks {
  step: number;
  /** The axis top: the last tick, at least the maximum. */
  top: number;
  /** From 0 to `top`, every `step`. */
  values: number[];
}

/**
 * Axis ticks from 0 covering `max` with about `count` intervals (never more), at nice steps. An
 * empty or all-zero chart gets 0..1 so its axis still reads.
 */
export function niceTicks(max: number, count = 5): Ticks {
  const intervals = Math.max(1, Math.floor(count));
  if (!(max > 0) || !Number.isFinite(max)) return { step: 1, top: 1, values: [0, 1] };
  let step = niceStep(max / intervals);
  // Rounding up to a nice step can still leave one interval too many: take the next nice step.
  while (Math.ceil(max / step - 1e-9) > intervals) step = niceStep(step * 1.0001);
  const steps = Math.max(1, Math.ceil(max / step - 1e-9));
  const digits = stepDecimals(step);
  const values = Array.from({ length: steps + 1 }, (_, index) => Number((index * step).toFixed(digits)));
  return { step, top: values[values.length - 1] ?? step, values };
}

/** Show every n-th axis label so labels `labelWidth` wide do not overlap over `plotWidth`. */
export function labelEvery(count: number, plotWidth: number, labelWidth: number): number {
  if (count <= 0 || plotWidth <= 0) return 1;
  const band = plotWidth / count;
  return Math.max(1, Math.ceil(labelWidth / band));
}

export interface Band {
  /** Left edge of the bar. */
  x: number;
  width: number;
  /** Centre of the band (the label's anchor). */
  center: number;
  /** The whole band, for hover targets. */
  bandX: number;
  bandWidth: number;
}

/**
 * Bar `index` of `count` across a plot starting at `left`, `width` wide: each bar fills `fill` of
 * its band, at least 1 px, at most `maxBar` px.
 */
export function band(
  index: number,
  count: number,
  left: number,
  width: number,
  fill = 0.7,
  maxBar = 48,
): Band {
  const bandWidth = width / Math.max(1, count);
  const barWidth = Math.max(1, Math.min(maxBar, bandWidth * fill));
  const bandX = left + index * bandWidth;
  return {
    x: bandX + (bandWidth - barWidth) / 2,
    width: barWidth,
    center: bandX + bandWidth / 2,
    bandX,
    bandWidth,
  };
}

/** A value's height in a plot `height` px tall whose axis tops at `top` (clamped to the plot). */
export function barHeight(value: number, top: number, height: number): number {
  if (!(top > 0) || !(value > 0)) return 0;
  return Math.min(height, (value / top) * height);
}

/** Rough width of a label in px at the given font size (no DOM measuring). */
export function textWidth(text: string, fontSize = 12): number {
  return Math.ceil(text.length * fontSize * 0.6);
}

/** Stacked segments of one bar: each value (negatives as 0) from where the previous one ended. */
export function stack(values: readonly number[]): { from: number; to: number }[] {
  let at = 0;
  return values.map((value) => {
    const from = at;
    at += Math.max(0, value);
    return { from, to: at };
  });
}
