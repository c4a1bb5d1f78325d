import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { waitForTableIdle } from '../../../test/antd';
import { dialogTitled, rowOf as rowHolding, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall, userRecord } from '../../../test/stub-api';

setUpConsoleTests({ load: () => import('..') });

/** The table row of a cell's text. */
const rowOf = (text: string) => rowHolding(text, 'td');

const USERS = [
  userRecord({ id: 1, username: 'admin', nickname: 'Admin', email: 'admin@example.com', is_superuser: true }),
  userRecord({
    id: 2,
    username: 'alice01',
    nickname: 'Alice',
    avatar: '/api/v1/attachment/download?file_path=a.png',
  }),
  userRecord({ id: 3, username: 'bobby02', nickname: 'Bob', email: 'bob@example.com' }),
];

function page(call: TRecordedCall) {
  const size = Number(call.url.searchParams.get('page_size'));
  const number = Number(call.url.searchParams.get('page'));
  return ok({ page_data: USERS, total: 23, page: number, page_size: size });
}

describe('user list', () => {
  it('shows avatar, names, e-mail, role, actions and an N items total, 5 per page by default', async () => {
    const api = stubApi({ 'GET /api/v1/user/': page });
    renderApp('/user');

    expect(await screen.findByText('alice01', { selector: 'td' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/user/')[0]?.url.search).toBe('?page=1&page_size=5');
    expect(rowOf('admin').getByText('Superuser')).toBeInTheDocument();
    expect(rowOf('alice01').getByText('Ordinary user')).toBeInTheDocument();
    expect(rowOf('alice01').getByRole('img', { name: 'Avatar of alice01' })).toBeInTheDocument();
    expect(rowOf('bobby02').getByRole('link', { name: 'Edit bobby02' })).toHaveAttribute(
      'href',
      '/user-edit?id=3',
    );
    expect(await screen.findByText('23 items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add user' })).toHaveAttribute('href', '/user-add');
  });

  it('filters by username and e-mail, and pages', async () => {
    const api = stubApi({ 'GET /api/v1/user/': page });
    renderApp('/user');
    await screen.findByText('alice01', { selector: 'td' });
    const filters = within(screen.getByRole('search', { name: 'Filter users' }));
    await fill(filters.getByLabelText('Username'), 'ali');
    await fill(filters.getByLabelText('Email'), 'example.com');
    await userEvent.click(filters.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.url.search).toBe('?page=1&page_size=5&username=ali&email=example.com'),
    );

    await waitForTableIdle();
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(api.calls.at(-1)?.url.searchParams.get('page')).toBe('2'));
  });

  it('keeps filters, page and page size in the address, so a reload or Back shows the same list', async () => {
    const api = stubApi({ 'GET /api/v1/user/': page });
    const { router } = renderApp('/user?username=ali&page=2&page_size=10');
    await screen.findByText('alice01', { selector: 'td' });
    expect(api.callsTo('GET /api/v1/user/')[0]?.url.search).toBe('?page=2&page_size=10&username=ali');
    const filters = within(screen.getByRole('search', { name: 'Filter users' }));
    expect(filters.getByLabelText('Username')).toHaveValue('ali');

    await fill(filters.getByLabelText('Email'), 'bob@example.com');
    await userEvent.click(filters.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?username=ali&email=bob%40example.com&page_size=10'),
    );
    // The operator sees the new rows, then goes back.
    await waitFor(() =>
      expect(api.calls.at(-1)?.url.search).toBe('?page=1&page_size=10&username=ali&email=bob%40example.com'),
    );
    await router.navigate(-1);
    await waitFor(() => expect(filters.getByLabelText('Email')).toHaveValue(''));
    expect(router.state.location.search).toBe('?username=ali&page=2&page_size=10');
  });

  it('deletes after the SPEC.md confirmation, says User Deleted and reloads', async () => {
    const api = stubApi({
      'GET /api/v1/user/': page,
      'DELETE /api/v1/user/3': () => ok(null, MSG.user_deleted),
    });
    renderApp('/user');
    await screen.findByText('bobby02', { selector: 'td' });
    const loads = api.callsTo('GET /api/v1/user/').length;

    await userEvent.click(rowOf('bobby02').getByRole('button', { name: 'Delete bobby02' }));
    const dialog = await dialogTitled('Are you sure?');
    expect(dialog.getByText("You won't be able to revert this!")).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'No, cancel!' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('User Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/user/3')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/v1/user/').length).toBeGreaterThan(loads));
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const api = stubApi({ 'GET /api/v1/user/': page });
    renderApp('/user');
    await screen.findByText('bobby02', { selector: 'td' });
    await userEvent.click(rowOf('bobby02').getByRole('button', { name: 'Delete bobby02' }));
    const dialog = await dialogTitled('Are you sure?');
    await userEvent.click(dialog.getByRole('button', { name: 'No, cancel!' }));
    // Give a wrongly wired cancel the time to send its request.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it("shows the server's refusal and reloads the list", async () => {
    const api = stubApi({
      'GET /api/v1/user/': page,
      'DELETE /api/v1/user/1': () => fail(400, MSG.self_delete),
    });
    renderApp('/user');
    await screen.findByText('admin', { selector: 'td' });
    const loads = api.callsTo('GET /api/v1/user/').length;
    await userEvent.click(rowOf('admin').getByRole('button', { name: 'Delete admin' }));
    await userEvent.click(
      (await dialogTitled('Are you sure?')).getByRole('button', {
        name: 'Yes, delete it!',
      }),
    );
    expect(await dialogTitled('You cannot delete your own account')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/v1/user/').length).toBeGreaterThan(loads));
  });

  it('in Chinese labels roles, totals and the confirmation', async () => {
    await setLanguage('zh');
    stubApi({ 'GET /api/v1/user/': page });
    renderApp('/user');
    await screen.findByText('alice01', { selector: 'td' });
    expect(await screen.findByText('共 23 条')).toBeInTheDocument();
    expect(rowOf('admin').getByText('超级用户')).toBeInTheDocument();
    expect(rowOf('alice01').getByText('普通用户')).toBeInTheDocument();
    await userEvent.click(rowOf('alice01').getByRole('button', { name: '删除 alice01' }));
    const dialog = await dialogTitled('确定要删除吗？');
    expect(dialog.getByRole('button', { name: '是的，删除！' })).toBeInTheDocument();
  });
});

describe('add user', () => {
  it('checks the SPEC.md rules, including the required superuser choice', async () => {
    const api = stubApi({});
    renderApp('/user-add');
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Username is a required input')).toBeInTheDocument();
    expect(await screen.findByText('Password is a required input')).toBeInTheDocument();
    expect(await screen.findByText('Nickname is required')).toBeInTheDocument();
    expect(await screen.findByText('Email is a required input')).toBeInTheDocument();
    expect(await screen.findByText('Please choose whether the user is a superuser')).toBeInTheDocument();
    await fill(screen.getByLabelText('Username'), 'abc');
    expect(await screen.findByText('Username must be 6 to 64 characters')).toBeInTheDocument();
    await fill(screen.getByLabelText('Nickname'), 'x'.repeat(65));
    expect(await screen.findByText('Nickname must be less than 64 characters')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('creates the user, says so and returns to the list', async () => {
    const api = stubApi({
      'POST /api/v1/user/': () => ok(userRecord({ id: 9 }), MSG.user_saved),
      'GET /api/v1/user/': page,
    });
    const { router } = renderApp('/user-add');
    await fill(await screen.findByLabelText('Username'), 'carol03');
    await fill(screen.getByLabelText('Password'), 'secret-9');
    await fill(screen.getByLabelText('Nickname'), 'Carol');
    await fill(screen.getByLabelText('Email'), 'carol@example.com');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
    expect(api.callsTo('POST /api/v1/user/')[0]?.body).toEqual({
      username: 'carol03',
      password: 'secret-9',
      nickname: 'Carol',
      email: 'carol@example.com',
      avatar: '',
      is_superuser: false,
    });
    expect(await screen.findByText('User saved successfully!')).toBeInTheDocument();
  });

  it('puts a taken username under its field', async () => {
    stubApi({
      'POST /api/v1/user/': () =>
        fail(409, MSG.username_taken, {
          errors: { username: MSG.username_taken },
        }),
    });
    const { router } = renderApp('/user-add');
    await fill(await screen.findByLabelText('Username'), 'alice01');
    await fill(screen.getByLabelText('Password'), 'secret-9');
    await fill(screen.getByLabelText('Nickname'), 'Alice');
    await fill(screen.getByLabelText('Email'), 'alice2@example.com');
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username').closest('.ant-form-item')).toHaveTextContent(
        'This username is already taken',
      ),
    );
    expect(router.state.location.pathname).toBe('/user-add');
  });
});

describe('edit user', () => {
  it('loads the user of ?id=, saves with PUT ?id= and returns to the list', async () => {
    const api = stubApi({
      'GET /api/v1/user/3': () => ok(USERS[2]),
      'PUT /api/v1/user/': () => ok(USERS[2], MSG.user_saved),
      'GET /api/v1/user/': page,
    });
    const { router } = renderApp('/user-edit?id=3');
    const nickname = await screen.findByLabelText('Nickname');
    expect(nickname).toHaveValue('Bob');
    expect(screen.getByLabelText('Username')).toHaveValue('bobby02');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();

    await userEvent.clear(nickname);
    await fill(nickname, 'Robert');
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
    const put = api.callsTo('PUT /api/v1/user/')[0];
    expect(put?.url.search).toBe('?id=3');
    expect(put?.body).toEqual({
      nickname: 'Robert',
      avatar: '',
      email: 'bob@example.com',
      is_superuser: true,
    });
    expect(await screen.findByText('User saved successfully!')).toBeInTheDocument();
  });

  it('returns to the list as it was left, filters and page, by Save, Cancel and Back (issue #32)', {
    timeout: 30_000,
  }, async () => {
    stubApi({
      'GET /api/v1/user/3': () => ok(USERS[2]),
      'PUT /api/v1/user/': () => ok(USERS[2], MSG.user_saved),
      'GET /api/v1/user/': page,
    });
    const { router } = renderApp('/user?username=bob&page_size=10');
    await screen.findByText('bobby02');
    const back = async (leave: () => Promise<void>) => {
      await router.navigate('/user-edit?id=3');
      // The user loaded into the form (Save checks its fields), as in the edit test above.
      await waitFor(() => expect(screen.getByLabelText('Nickname')).toHaveValue('Bob'));
      await leave();
      // Three round trips in one test: a loaded machine (the whole suite) takes longer than waitFor's 1 s default.
      await waitFor(() => expect(router.state.location.pathname).toBe('/user'), { timeout: 5_000 });
      expect(router.state.location.search).toBe('?username=bob&page_size=10');
    };
    await back(() => userEvent.click(screen.getByRole('link', { name: 'Cancel' })));
    await back(() => userEvent.click(screen.getByRole('link', { name: /Back to users/ })));
    await back(() => userEvent.click(screen.getByRole('button', { name: 'Save changes' })));
  });

  it("says 'Oops, something went wrong!' when the user cannot be loaded", async () => {
    stubApi({ 'GET /api/v1/user/404': () => fail(404, MSG.user_not_found) });
    renderApp('/user-edit?id=404');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Back to users' })) {
      expect(link).toHaveAttribute('href', '/user');
    }
  });

  it("shows the server's refusal in a popup", async () => {
    stubApi({
      'GET /api/v1/user/1': () => ok(USERS[0]),
      'PUT /api/v1/user/': () => fail(400, MSG.self_demote),
    });
    renderApp('/user-edit?id=1');
    await screen.findByLabelText('Nickname');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByRole('dialog', { name: 'You cannot remove your own superuser role' }),
    ).toBeInTheDocument();
  });
});
