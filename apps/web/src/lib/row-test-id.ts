import type { HTMLAttributes } from 'react';

/** antd Table `onRow` props putting a test id on the row's `<tr>` (its typing has no `data-*` attributes). */
export function rowTestId(testId: string): HTMLAttributes<HTMLElement> {
  return { 'data-testid': testId } as HTMLAttributes<HTMLElement>;
}
