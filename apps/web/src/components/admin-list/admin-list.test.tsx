import { ZProductListQuery } from '@ezrecharge/shared/schemas/catalogue';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input, Select } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { waitForTableIdle } from '../../test/antd';
import { fill } from '../../test/fill';
import { renderInProviders, setViewportWide } from '../../test/render-app';
import { AdminList } from './admin-list';
import { readListQuery, type TListQuery, writeListQuery } from './list-query';
import { useListQuery } from './use-list-query';

/**
 * The scaffold on a small list of its own, filtered by the shared ZProductListQuery (name, code, release status),
 * 23 rows in all. Every query the list asks for is recorded.
 */
type TThingQuery = TListQuery<ReturnType<typeof ZProductListQuery.parse>>;
let asked: TThingQuery[] = [];
/** Rows open to show more (the order list's history). */
let expandRows = false;

function ThingList() {
  const list = useListQuery(ZProductListQuery);
  const rows = useQuery({
    queryKey: ['things', list.query],
    queryFn: () => {
      asked.push(list.query);
      const { page, pageSize } = list.query;
      const first = (page - 1) * pageSize;
      return {
        page_data: Array.from({ length: Math.max(0, Math.min(pageSize, 23 - first)) }, (_, i) => ({
          id: first + i + 1,
          name: `Thing ${first + i + 1}`,
        })),
        total: 23,
        page,
        page_size: pageSize,
      };
    },
  });
  return (
    <AdminList
      list={list}
      rows={rows}
      name="thing-filters"
      filtersLabel="Filter things"
      filters={[
        { name: 'name', label: 'Name', control: <Input allowClear /> },
        { name: 'code', label: 'Code', control: <Input allowClear /> },
        {
          name: 'status',
          label: 'Release',
          empty: '',
          control: (
            <Select
              options={[
                { value: '', label: 'All' },
                { value: '1', label: 'Released' },
                { value: '0', label: 'Not released' },
              ]}
            />
          ),
        },
      ]}
      columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
      actions={{
        title: 'Actions',
        width: 100,
        render: (thing) => <button type="button">Open {thing.name}</button>,
      }}
      totalLabel={(total) => `${total} things`}
      scrollX={400}
      expandable={expandRows ? { expandedRowRender: (thing) => <p>More about {thing.name}</p> } : undefined}
    />
  );
}

function renderList(url: string) {
  const router = createMemoryRouter([{ path: '/things', Component: ThingList }], { initialEntries: [url] });
  renderInProviders(<RouterProvider router={router} />);
  return router;
}

const filters = () => within(screen.getByRole('search', { name: 'Filter things' }));
const lastAsked = () => asked.at(-1);

/** The pager's current page (antd marks it with a class only). */
function currentPage(): string | null | undefined {
  return document.querySelector('.ant-pagination-item-active')?.textContent;
}

beforeEach(async () => {
  await setLanguage('en');
  asked = [];
});

afterEach(() => {
  queryClient.clear();
  expandRows = false;
  vi.restoreAllMocks();
});

describe('list query in the address', () => {
  it('reads page, size and filters, and writes only what differs from the defaults', () => {
    const query = readListQuery(
      ZProductListQuery,
      new URLSearchParams('name=+gem+&status=1&page=3&page_size=20'),
    );
    expect(query).toEqual({ page: 3, pageSize: 20, filters: { name: 'gem', status: '1' } });
    expect(writeListQuery(ZProductListQuery, new URLSearchParams('id=4&page=3'), query).toString()).toBe(
      'id=4&name=gem&status=1&page=3&page_size=20',
    );
    const first = { page: 1, pageSize: 5, filters: {} };
    expect(writeListQuery(ZProductListQuery, new URLSearchParams('name=x&page=2'), first).toString()).toBe(
      '',
    );
  });

  it('falls back to the default of each value its schema refuses', () => {
    const bad = new URLSearchParams(`page=0&page_size=1000&name=${'n'.repeat(65)}&code=ok&status=maybe`);
    expect(readListQuery(ZProductListQuery, bad)).toEqual({ page: 1, pageSize: 5, filters: { code: 'ok' } });
    expect(readListQuery(ZProductListQuery, new URLSearchParams('page=two&page_size=-5'))).toEqual({
      page: 1,
      pageSize: 5,
      filters: {},
    });
  });
});

describe('admin list scaffold', () => {
  it('puts the filters, the page and the page size in the address', async () => {
    const router = renderList('/things');
    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
    expect(lastAsked()).toEqual({ page: 1, pageSize: 5, filters: {} });
    expect(router.state.location.search).toBe('');

    await fill(filters().getByLabelText('Name'), ' gem ');
    await userEvent.click(filters().getByLabelText('Release'));
    await userEvent.click(await screen.findByTitle('Released'));
    await userEvent.click(filters().getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?name=gem&status=1'));
    await waitFor(() =>
      expect(lastAsked()).toEqual({ page: 1, pageSize: 5, filters: { name: 'gem', status: '1' } }),
    );

    await waitForTableIdle();
    await userEvent.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?name=gem&status=1&page=3'));
    expect(await screen.findByText('Thing 11')).toBeInTheDocument();

    // A new page size starts from page 1 again.
    await waitForTableIdle();
    await userEvent.click(screen.getByRole('combobox', { name: /Page Size/i }));
    await userEvent.click(await screen.findByTitle('20 / page'));
    await waitFor(() => expect(router.state.location.search).toBe('?name=gem&status=1&page_size=20'));
    await waitFor(() =>
      expect(lastAsked()).toEqual({ page: 1, pageSize: 20, filters: { name: 'gem', status: '1' } }),
    );
  });

  it('shows the same rows, filters and pager again when opened from that address (a reload)', async () => {
    renderList('/things?name=gem&status=0&page=2&page_size=10');
    expect(await screen.findByText('Thing 11')).toBeInTheDocument();
    expect(asked).toEqual([{ page: 2, pageSize: 10, filters: { name: 'gem', status: '0' } }]);
    expect(filters().getByLabelText('Name')).toHaveValue('gem');
    expect(filters().getByTitle('Not released')).toBeInTheDocument();
    expect(currentPage()).toBe('2');
    expect(screen.getByTitle('10 / page')).toBeInTheDocument();
  });

  it('goes back to the previous page and filters with the browser', async () => {
    const router = renderList('/things?code=c1');
    await screen.findByText('Thing 1');
    await waitForTableIdle();
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?code=c1&page=2'));
    await userEvent.clear(filters().getByLabelText('Code'));
    await userEvent.click(filters().getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The operator sees the unfiltered rows, then goes back.
    await waitFor(() => expect(lastAsked()).toEqual({ page: 1, pageSize: 5, filters: {} }));
    await waitFor(() => expect(filters().getByLabelText('Code')).toHaveValue(''));

    await router.navigate(-1);
    await waitFor(() => expect(filters().getByLabelText('Code')).toHaveValue('c1'));
    await waitFor(() => expect(currentPage()).toBe('2'));
    // The rows of that page again (from the cache, as a browser's Back would show them).
    expect(await screen.findByText('Thing 6')).toBeInTheDocument();
    expect(screen.queryByText('Thing 1')).toBeNull();
  });

  it('shows the default list for parameters it cannot use, without failing', async () => {
    renderList(`/things?page=-1&page_size=abc&name=${'n'.repeat(65)}&status=maybe`);
    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
    expect(asked).toEqual([{ page: 1, pageSize: 5, filters: {} }]);
    expect(filters().getByLabelText('Name')).toHaveValue('');
    expect(filters().getByTitle('All')).toBeInTheDocument();
    expect(currentPage()).toBe('1');
  });

  it('resets the filters but keeps the page size, and searches again on an unchanged query', async () => {
    const router = renderList('/things?name=gem&page=2&page_size=10');
    await screen.findByText('Thing 11');
    await userEvent.click(filters().getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page_size=10'));
    expect(filters().getByLabelText('Name')).toHaveValue('');

    await waitFor(() => expect(lastAsked()).toEqual({ page: 1, pageSize: 10, filters: {} }));
    const loads = asked.length;
    await userEvent.click(filters().getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(asked.length).toBe(loads + 1));
    expect(router.state.location.search).toBe('?page_size=10');
  });

  it('names the column of the expand buttons, and lets the keyboard scroll a table wider than its box', async () => {
    // A table only from 992 px on: narrower, every list is cards (issue #32).
    setViewportWide(true);
    expandRows = true;
    // jsdom lays nothing out: the table's scrolling box says it holds more than it shows.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('ant-table-content') ? 800 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('ant-table-content') ? 400 : 0;
    });
    renderList('/things');
    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Details', 'Name', 'Actions']);
    const scroller = screen.getByRole('region', { name: 'Table, scrolls sideways' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toContainElement(screen.getByRole('table'));
  });

  it('labels every filter control and ends the form with Search and Reset', async () => {
    renderList('/things');
    await screen.findByText('Thing 1');
    for (const label of ['Name', 'Code', 'Release']) {
      expect(filters().getByLabelText(label)).toBeInTheDocument();
    }
    expect(filters().getByRole('button', { name: /Search/ })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Open Thing 1' })).toBeInTheDocument();
    expect(screen.getByText('23 things')).toBeInTheDocument();
  });
});
