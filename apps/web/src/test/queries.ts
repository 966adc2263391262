import { waitFor } from '@testing-library/react';

/**
 * A button's accessible name as the user reads it: antd puts the icon's own label right before
 * the text ("lockChange password", "walletPay with crypto"), so the icon's label is let through.
 */
export function named(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:[a-z]+(?:-[a-z]+)*)?${escaped}$`);
}

/** The last of several matches, e.g. a confirmation's OK button, rendered after the button that asked. */
export function lastOf<T>(matches: T[]): T {
  const last = matches.at(-1);
  if (last === undefined) throw new Error('Nothing matched');
  return last;
}

/**
 * Clicks an element as soon as it takes clicks: a list that is (re)loading blurs its rows under the
 * table's spinner (`pointer-events: none`), and on a busy machine a refetch can still be running when
 * the rows are already on screen.
 */
export async function clickWhenReady(
  user: { click: (element: Element) => Promise<void> },
  find: () => Element,
) {
  await waitFor(() => user.click(find()));
}
