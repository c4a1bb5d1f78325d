import { CheckOutlined, PauseOutlined, PlayCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import { ZProductListQuery } from '@ezrecharge/shared/schemas/catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { dialogTitled, rowOf } from '../../test/console';
import { renderInProviders, setViewportWide } from '../../test/render-app';
import { AdminList } from './admin-list';
import { deleteAction, editAction, type TRowAction } from './row-actions';
import { useListQuery } from './use-list-query';

interface TThing {
  id: number;
  name: string;
  live: boolean;
  refunds: string[];
}

const THINGS: TThing[] = [
  { id: 1, name: 'Thing 1', live: true, refunds: [] },
  { id: 2, name: 'Thing 2', live: false, refunds: ['R-1', 'R-2'] },
];

const ran: string[] = [];
const record = (what: string) => (thing: TThing) => {
  ran.push(`${what} ${thing.name}`);
};

/** What the tests declare: edit, pause or resume (by state), delete, a confirmed check, a refund per refund. */
const ACTIONS: TRowAction<TThing>[] = [
  editAction({ label: 'Edit', name: (thing) => `Edit ${thing.name}`, to: (thing) => `/things/${thing.id}` }),
  {
    key: 'pause',
    label: 'Pause',
    name: (thing) => `Pause ${thing.name}`,
    icon: PauseOutlined,
    danger: true,
    shownIf: (thing) => thing.live,
    onRun: record('paused'),
  },
  {
    key: 'resume',
    label: 'Resume',
    name: (thing) => `Resume ${thing.name}`,
    icon: PlayCircleOutlined,
    shownIf: (thing) => !thing.live,
    pending: (thing) => thing.id === 2,
    onRun: record('resumed'),
  },
  {
    key: 'check',
    label: 'Check',
    name: (thing) => `Check ${thing.name}`,
    icon: CheckOutlined,
    confirm: (thing) => ({
      title: `Check ${thing.name}?`,
      content: 'It will be checked.',
      okText: 'Check it',
      cancelText: 'Not now',
    }),
    onRun: record('checked'),
  },
  {
    key: 'refunds',
    each: (thing) =>
      thing.refunds.map((ref) => ({
        key: ref,
        label: 'Refund',
        name: () => `Refund ${ref}`,
        icon: RollbackOutlined,
        onRun: () => ran.push(`refunded ${ref}`),
      })),
  },
  deleteAction({ label: 'Delete', name: (thing) => `Delete ${thing.name}`, onRun: record('deleted') }),
];

function ThingList({ actions }: { actions: TRowAction<TThing>[] }) {
  const list = useListQuery(ZProductListQuery);
  return (
    <AdminList
      list={list}
      rows={{
        data: { page_data: THINGS, total: THINGS.length, page: 1, page_size: 5 },
        isFetching: false,
        isError: false,
        refetch: () => Promise.resolve(),
      }}
      name="thing-filters"
      filtersLabel="Filter things"
      filters={[]}
      columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
      actions={{ title: 'Actions', width: 300, items: actions }}
      totalLabel={(total) => `${total} things`}
      scrollX={400}
      cards={{ lead: ['name'] }}
    />
  );
}

function renderThings(actions = ACTIONS) {
  const router = createMemoryRouter([{ path: '/things', element: <ThingList actions={actions} /> }], {
    initialEntries: ['/things'],
  });
  renderInProviders(<RouterProvider router={router} />);
}

/** The visible texts of a row's actions, in order. */
const actionTexts = (name: string) =>
  [...(screen.getByText(name).closest('tr')?.querySelectorAll('a, button') ?? [])].map((el) =>
    el.getAttribute('aria-label'),
  );

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
  ran.length = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('row actions', () => {
  it('offers each row the actions its state allows, in the declared order, named for the row', async () => {
    renderThings();
    await screen.findByText('Thing 1');
    expect(actionTexts('Thing 1')).toEqual([
      'Edit Thing 1',
      'Pause Thing 1',
      'Check Thing 1',
      'Delete Thing 1',
    ]);
    expect(actionTexts('Thing 2')).toEqual([
      'Edit Thing 2',
      'Resume Thing 2',
      'Check Thing 2',
      'Refund R-1',
      'Refund R-2',
      'Delete Thing 2',
    ]);
    const edit = rowOf('Thing 1').getByRole('link', { name: 'Edit Thing 1' });
    expect(edit).toHaveAttribute('href', '/things/1');
    expect(edit).toHaveTextContent('Edit');
    expect(rowOf('Thing 1').getByRole('button', { name: 'Pause Thing 1' })).toHaveClass('ant-btn-dangerous');
    // A row's own call running: its button spins.
    expect(rowOf('Thing 2').getByRole('button', { name: 'Resume Thing 2' })).toHaveClass('ant-btn-loading');
  });

  it('runs an action without a confirmation at once, on its own row', async () => {
    renderThings();
    await screen.findByText('Thing 2');
    await userEvent.click(rowOf('Thing 1').getByRole('button', { name: 'Pause Thing 1' }));
    await userEvent.click(rowOf('Thing 2').getByRole('button', { name: 'Refund R-2' }));
    expect(ran).toEqual(['paused Thing 1', 'refunded R-2']);
  });

  it('deletes only after SPEC.md’s confirmation', async () => {
    renderThings();
    await screen.findByText('Thing 2');
    await userEvent.click(rowOf('Thing 2').getByRole('button', { name: 'Delete Thing 2' }));
    const asked = await dialogTitled('Are you sure?');
    expect(asked.getByText("You won't be able to revert this!")).toBeInTheDocument();
    expect(ran).toEqual([]);
    const yes = asked.getByRole('button', { name: 'Yes, delete it!' });
    expect(yes).toHaveClass('ant-btn-dangerous');
    await userEvent.click(yes);
    expect(ran).toEqual(['deleted Thing 2']);
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    renderThings();
    await screen.findByText('Thing 1');
    await userEvent.click(rowOf('Thing 1').getByRole('button', { name: 'Delete Thing 1' }));
    await userEvent.click((await dialogTitled('Are you sure?')).getByRole('button', { name: 'No, cancel!' }));
    expect(ran).toEqual([]);
  });

  it('asks the row’s own question before an action that declares one', async () => {
    renderThings();
    await screen.findByText('Thing 1');
    await userEvent.click(rowOf('Thing 1').getByRole('button', { name: 'Check Thing 1' }));
    const asked = await dialogTitled('Check Thing 1?');
    expect(asked.getByText('It will be checked.')).toBeInTheDocument();
    expect(asked.getByRole('button', { name: 'Check it' })).not.toHaveClass('ant-btn-dangerous');
    expect(ran).toEqual([]);
    await userEvent.click(asked.getByRole('button', { name: 'Check it' }));
    expect(ran).toEqual(['checked Thing 1']);
  });

  it('shows no actions on a row offered none, in the table or as a card', async () => {
    const liveOnly = ACTIONS.filter((action) => action.key === 'pause');
    renderThings(liveOnly);
    await screen.findByText('Thing 2');
    expect(actionTexts('Thing 2')).toEqual([]);
    expect(screen.getByText('Thing 2').closest('tr')?.querySelector('.admin-list__row-actions')).toBeNull();
    expect(actionTexts('Thing 1')).toEqual(['Pause Thing 1']);
  });

  it('shows a card’s actions under its fields, and none on a card offered none', async () => {
    setViewportWide(false);
    renderThings(ACTIONS.filter((action) => action.key === 'pause'));
    const cards = await screen.findAllByRole('listitem');
    const [first, second] = cards.filter((card) => card.classList.contains('admin-list__card'));
    if (!first || !second) throw new Error('no cards');
    expect(within(first).getByRole('button', { name: 'Pause Thing 1' })).toBeInTheDocument();
    expect(second.querySelector('.admin-list__card-actions')).toBeNull();
  });
});
