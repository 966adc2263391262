import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ApiQuickStartCard } from './api-quick-start-card';

/** The API quick start (docs/product.md#developer-api) in account settings, for this portal's address. */
describe('the API quick start card', () => {
  it('shows the four steps in order with this portal’s API address, and links the reference', async () => {
    await renderWithProviders(<ApiQuickStartCard apiBase="https://portal.example.com/api" />);

    expect(screen.getByTestId('settings-api-token').textContent).toBe('export RESIPORT_TOKEN=your-api-token');
    expect(screen.getByTestId('settings-api-list').textContent).toContain(
      '"https://portal.example.com/api/auth/sublist?page=1&page_size=10"',
    );
    expect(screen.getByTestId('settings-api-allocate').textContent).toContain('-d id=$SUB_ID');
    expect(
      screen.getByText('4. Set SUB_ID to that id and move 0.5 GB more to it.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByTestId('settings-api-docs').getAttribute('href')).toBe('/api/docs');
  });
});
