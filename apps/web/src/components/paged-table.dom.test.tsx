import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../test/browser-stubs';
import { renderWithProviders } from '../test/render';
import { PagedTable } from './paged-table';

interface Row {
  id: number;
  name: string;
  left: number;
}

const query = {
  data: { list: [{ id: 7, name: 'scraper-one', left: 1_480_000_000 }], total: 1 },
  isFetching: false,
  isPlaceholderData: false,
  isError: false,
  isPending: false,
  refetch: () => undefined,
};

const list = (state: Partial<typeof query> = {}) => (
  <PagedTable<Row>
    testId="rows"
    rowKey="id"
    columns={[
      { title: 'Name', dataIndex: 'name', key: 'name' },
      { title: 'Left', key: 'left', render: (_, row) => `${row.left / 1e9} GB` },
      { title: 'Actions', key: 'actions', render: () => null },
    ]}
    query={{ ...query, ...state }}
    page={1}
    pageSize={10}
    onPage={() => undefined}
    totalText="subaccount.list.total"
    failed={{ title: 'error.page.title', hint: 'error.page.hint' }}
    empty={<span>none</span>}
  />
);

describe('a paged list on a phone and on a desktop', () => {
  it('is a table from 576 px', async () => {
    setViewportWidth(1440);
    await renderWithProviders(list());
    const rows = await screen.findByTestId('rows');
    expect(rows.getAttribute('data-layout')).toBeNull();
    const headers = within(rows)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Left', 'Actions']);
  });

  it('is one card per row below 576 px, every column with a value named beside it', async () => {
    setViewportWidth(390);
    await renderWithProviders(list());
    const rows = await screen.findByTestId('rows');
    expect(rows.getAttribute('data-layout')).toBe('cards');
    expect(within(rows).queryByRole('table')).toBeNull();
    const card = rows.querySelector('[data-row-key="7"]');
    expect(card?.textContent).toContain('Namescraper-one');
    expect(card?.textContent).toContain('Left1.48 GB');
    expect(rows.textContent).toContain('1 sub-account');
    // A column with nothing for the row (no action left) takes no line on the card.
    expect(card?.textContent).not.toContain('Actions');
  });

  it.each([
    ['a table', 1440],
    ['cards', 390],
  ])(
    'as %s, a background refresh of the page leaves its rows usable; another page loading blurs them',
    async (_layout, width) => {
      setViewportWidth(width);
      const view = await renderWithProviders(list({ isFetching: true }));
      const rows = await screen.findByTestId('rows');
      expect(rows.getAttribute('aria-busy')).toBe('false');
      expect(rows.querySelector('.ant-spin-blur')).toBeNull();

      view.rerender(list({ isFetching: true, isPlaceholderData: true }));
      expect(rows.getAttribute('aria-busy')).toBe('true');
      await waitFor(() => expect(rows.querySelector('.ant-spin-blur')).not.toBeNull());
    },
  );
});
