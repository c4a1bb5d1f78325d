import { DEFAULT_RISK_SETTINGS } from '@ezrecharge/shared/schemas/risk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { rowOf, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { ok, stubApi } from '../../../test/stub-api';

setUpConsoleTests({
  load: () => Promise.all([import('..'), import('../../../components/layouts/admin-layout')]),
  clearCache: true,
});

const ENTRY = {
  id: 3,
  kind: 'email_domain',
  value: 'fraud.test',
  reason: 'throwaway domain',
  expires_at: null,
  created_at: '2026-12-05T01:00:00.000Z',
  active: true,
};

function routes() {
  return {
    'GET /api/v1/risk/blocklist': () => ok([ENTRY]),
    'GET /api/v1/risk/settings': () => ok(DEFAULT_RISK_SETTINGS),
    'POST /api/v1/risk/blocklist': () =>
      ok({ ...ENTRY, id: 4, kind: 'bigo_id', value: 'bad_id' }, 'Blocklist entry added'),
    'DELETE /api/v1/risk/blocklist': () => ok(null, 'Blocklist entry deleted'),
    'PUT /api/v1/risk/settings': () =>
      ok({ ...DEFAULT_RISK_SETTINGS, first_order_sgd: 500 }, 'Risk settings saved'),
  };
}

describe('risk controls /risk (issue #29)', () => {
  it('lists the blocklist, adds an entry with a reason, deletes one and saves the settings', async () => {
    const api = stubApi(routes());
    renderApp('/risk');
    expect(await screen.findByText('fraud.test')).toBeInTheDocument();
    expect(rowOf('fraud.test').getByText('E-mail domain')).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Add to blocklist' }));
    await fill(form.getByLabelText('Value'), 'bad_id');
    await fill(form.getByLabelText('Reason'), 'chargebacks');
    await userEvent.click(form.getByRole('button', { name: 'Add to blocklist' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/risk/blocklist')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/risk/blocklist')[0]?.body).toEqual({
      kind: 'bigo_id',
      value: 'bad_id',
      reason: 'chargebacks',
      expires_at: null,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete the blocklist entry fraud.test' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/risk/blocklist')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/v1/risk/blocklist')[0]?.url.search).toBe('?id=3');

    const settings = within(await screen.findByRole('form', { name: 'Rule settings' }));
    const first = settings.getByLabelText("Hold a buyer's first paid order above (SGD)");
    expect(first).toHaveValue('300');
    await userEvent.clear(first);
    await userEvent.type(first, '500');
    await userEvent.click(settings.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/risk/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/risk/settings')[0]?.body).toEqual({
      ...DEFAULT_RISK_SETTINGS,
      first_order_sgd: 500,
    });
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh');
    stubApi(routes());
    renderApp('/risk');
    expect(await screen.findByRole('heading', { name: '黑名单' })).toBeInTheDocument();
    expect(await screen.findByText('邮箱域名')).toBeInTheDocument();
  });
});
