import { adminViewAsEndpoints } from '@resiport/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAuthData } from '../../../lib/auth-storage';
import { readOperatorView } from '../../../lib/operator-view';
import { mockEndpoint, refuse } from '../../../test/api-mock';
import { named } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { ViewAsButton } from './view-as-button';

const view = { token: 'view.abc', expires_at: '2026-11-26T09:00:00.000Z', email: 'buyer@example.com' };

async function openDialog() {
  signIn({ access: { name: 'operator' } });
  const view = await renderWithProviders(<ViewAsButton accountId={42} email="buyer@example.com" />);
  await view.user.click(screen.getByTestId('view-as'));
  const dialog = within(await screen.findByRole('dialog', { name: "View buyer@example.com's portal" }));
  return { ...view, dialog };
}

describe('view the portal as the customer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for a reason, sends it with the account, and opens the view in a new tab holding only the view', async () => {
    const opened: { url: string; view: unknown; auth: unknown }[] = [];
    vi.spyOn(window, 'open').mockImplementation((url) => {
      // What the new tab starts with: a copy of this tab's sessionStorage at this moment.
      opened.push({
        url: String(url),
        view: readOperatorView(sessionStorage),
        auth: readAuthData(sessionStorage),
      });
      return {} as Window;
    });
    const calls = mockEndpoint(adminViewAsEndpoints.open, view);
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('button', { name: named('Open the view') }));
    expect(
      await screen.findByText('Give a reason of 3 to 500 characters: it is kept in the audit log'),
    ).toBeTruthy();
    expect(calls.inputs).toEqual([]);

    await user.type(dialog.getByTestId('view-as-reason'), 'Ticket 88');
    await user.click(dialog.getByRole('button', { name: named('Open the view') }));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(calls.inputs).toEqual([{ account_id: 42, reason: 'Ticket 88' }]);
    expect(opened[0]).toEqual({
      url: '/client/dashboard',
      view,
      auth: { jwt_token: 'view.abc', expire_at: Date.parse(view.expires_at) / 1000 },
    });
    // This tab keeps the operator's own session: nothing of the view stays here.
    expect(readOperatorView(sessionStorage)).toBeNull();
    expect(readAuthData(sessionStorage)).toBeNull();
    expect(readAuthData(localStorage)?.jwt_token).not.toBe('view.abc');
  });

  it('offers a button when the browser blocks the new tab', async () => {
    const open = vi
      .spyOn(window, 'open')
      .mockReturnValueOnce(null)
      .mockReturnValueOnce({} as Window);
    mockEndpoint(adminViewAsEndpoints.open, view);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByTestId('view-as-reason'), 'Ticket 88');
    await user.click(dialog.getByRole('button', { name: named('Open the view') }));
    await user.click(await dialog.findByRole('button', { name: named('Open it now') }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open when the server refuses', async () => {
    const open = vi.spyOn(window, 'open');
    mockEndpoint(adminViewAsEndpoints.open, refuse('NotFound', 'No such account'));
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByTestId('view-as-reason'), 'Ticket 88');
    await user.click(dialog.getByRole('button', { name: named('Open the view') }));
    expect(await screen.findByText('No such account')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });
});
