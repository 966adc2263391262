import type { Transformer } from '@ant-design/cssinjs';

/**
 * What the screen tests keep of antd's CSS: the properties that decide what a person can see and click
 * — `display`, `visibility` (Testing Library leaves out what they hide) and `pointer-events`
 * (user-event refuses a click through them: a loading table's blurred rows). Everything else goes.
 * jsdom computes a style by matching every rule of every sheet against the element, and Testing
 * Library asks for one per element it considers: with antd's whole CSS that took 30–45 % of a screen
 * test's time (a single getComputedStyle up to 70 ms). Rules left empty are not written at all.
 */
const kept = new Set(['display', 'visibility', 'pointerEvents', 'pointer-events']);

export const onlyWhatHidesOrBlocks: Transformer = {
  visit: (style) =>
    Object.fromEntries(
      Object.entries(style).filter(
        ([key, value]) =>
          kept.has(key) || (typeof value === 'object' && value !== null && !Array.isArray(value)),
      ),
    ),
};
