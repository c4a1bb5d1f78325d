import { MSG } from '@ezrecharge/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInProviders } from '../test/render-app';
import { fail, ok, stubApi } from '../test/stub-api';
import { api } from './api-client';
import { setLanguage } from './i18n';
import { mutationHook } from './mutation-hook';
import { clearPopups } from './popup';
import { queryClient } from './query-client';
import { clearToasts } from './toast';
import { type TToastedMutationOptions, useToastedMutation } from './use-toasted-mutation';

/** DELETE of a thing: resolves with the server's message. */
const deleteThing = async (id: number): Promise<string> =>
  (await api.delete<unknown>(`/api/v1/things/${id}`)).message;
const useDeleteThing = mutationHook(deleteThing, { queryKey: ['things'], when: 'settled' });

/** What each run of the Delete resolved with: whether it succeeded. */
let outcomes: boolean[] = [];

/** A list of things (its rows are only counted) and the Delete of thing 3. */
function Things({ options }: { options: TToastedMutationOptions<number, string> }) {
  const things = useQuery({
    queryKey: ['things', 'list'],
    queryFn: async () => (await api.get<unknown[]>('/api/v1/things')).data,
  });
  const remove = useToastedMutation(useDeleteThing(), options);
  return (
    <>
      <p>{things.data ? `${things.data.length} things` : 'Loading'}</p>
      <button type="button" onClick={() => void remove.run(3).then((succeeded) => outcomes.push(succeeded))}>
        {remove.isRunning(3) ? 'Deleting thing 3' : 'Delete thing 3'}
      </button>
    </>
  );
}

/** Renders the list with `answer` for the delete; returns the recorded calls. */
async function renderThings(answer: ReturnType<typeof ok>, options: TToastedMutationOptions<number, string>) {
  let things = 4;
  const calls = stubApi({
    'GET /api/v1/things': () => ok(Array.from({ length: things }, (_, id) => ({ id }))),
    'DELETE /api/v1/things/3': () => {
      if (answer.status === 200) things -= 1;
      return answer;
    },
  });
  renderInProviders(<Things options={options} />);
  expect(await screen.findByText('4 things')).toBeInTheDocument();
  return calls;
}

const errorPopup = () => document.querySelector('.app-dialog--error');

beforeEach(async () => {
  await setLanguage('en');
  outcomes = [];
});

afterEach(() => {
  queryClient.clear();
  clearToasts();
  clearPopups();
  vi.unstubAllGlobals();
});

describe('useToastedMutation', () => {
  it('says so in a green toast after a success, and the list shows what changed', async () => {
    const calls = await renderThings(ok(null, MSG.user_deleted), { success: 'Thing deleted' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete thing 3' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thing deleted');
    expect(await screen.findByText('3 things')).toBeInTheDocument();
    expect(calls.callsTo('DELETE /api/v1/things/3')).toHaveLength(1);
    expect(calls.callsTo('GET /api/v1/things')).toHaveLength(2);
    expect(errorPopup()).toBeNull();
    expect(outcomes).toEqual([true]);
  });

  it('toasts the server’s message in the active language when told to', async () => {
    await setLanguage('zh');
    const onSuccess = vi.fn();
    await renderThings(ok(null, MSG.user_deleted), { success: (message) => message, onSuccess });
    await userEvent.click(screen.getByRole('button', { name: 'Delete thing 3' }));
    expect(await screen.findByRole('status')).toHaveTextContent('已删除');
    expect(onSuccess).toHaveBeenCalledWith('已删除', 3);
  });

  it('shows a refusal in the error popup, in the active language, with no success toast, and reloads the list', async () => {
    await setLanguage('zh');
    const onSuccess = vi.fn();
    const calls = await renderThings(fail(400, MSG.self_delete), { success: 'Thing deleted', onSuccess });
    await userEvent.click(screen.getByRole('button', { name: 'Delete thing 3' }));
    expect(await screen.findByText('您不能删除自己的账户')).toBeInTheDocument();
    expect(errorPopup()).not.toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(outcomes).toEqual([false]);
    // The list reloads after a refusal too (the hook's own `when: 'settled'`): someone else may have acted first.
    await waitFor(() => expect(calls.callsTo('GET /api/v1/things')).toHaveLength(2));
  });

  it('leaves a failure the API client already toasted at that one toast', async () => {
    await renderThings(fail(503, 'Service Unavailable'), { success: 'Thing deleted' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete thing 3' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(errorPopup()).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lets a form show a failure its own way instead of the popup', async () => {
    const onError = vi.fn();
    await renderThings(fail(400, MSG.self_delete), { success: 'Thing deleted', onError });
    await userEvent.click(screen.getByRole('button', { name: 'Delete thing 3' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[1]).toBe(3);
    expect(errorPopup()).toBeNull();
  });

  it('tells which row’s call is running', async () => {
    let release: () => void = () => undefined;
    stubApi({
      'GET /api/v1/things': () => ok([]),
      'DELETE /api/v1/things/3': () =>
        new Promise((resolve) => {
          release = () => resolve(ok(null, 'Deleted'));
        }),
    });
    renderInProviders(<Things options={{}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete thing 3' }));
    expect(await screen.findByRole('button', { name: 'Deleting thing 3' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Delete thing 3' })).toBeInTheDocument();
    // No success text: no toast.
    expect(screen.queryByRole('status')).toBeNull();
  });
});
