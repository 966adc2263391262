import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

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
 * Waits until a paged list shows the page it was asked for: while another page or filter loads, the
 * previous rows stay under the table's spinner (`aria-busy`), whose blur takes their clicks (antd
 * lifts it a render after the list says it is done).
 */
export async function untilListLoaded(testId: string): Promise<HTMLElement> {
  await waitFor(() => {
    const list = screen.getByTestId(testId);
    expect(list.getAttribute('aria-busy')).toBe('false');
    expect(list.querySelector('.ant-spin-blur')).toBeNull();
  });
  return screen.getByTestId(testId);
}
