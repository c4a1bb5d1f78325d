import { MSG } from '@ezrecharge/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../lib/i18n';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage';
import { waitForTableIdle } from '../../../test/antd';
import { dialogTitled as findDialog, rowOf as rowHolding, setUpConsoleTests } from '../../../test/console';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, type TRecordedCall } from '../../../test/stub-api';

setUpConsoleTests({ load: () => import('..'), clearCache: true });

/** The table row of a cell's text. */
const rowOf = (text: string) => rowHolding(text, 'td');

const IMAGE = '/api/v1/attachment/download?file_path=product/bigo.png';

function productRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 4,
    name: 'BIGO Diamonds',
    code: 'bigo',
    image: IMAGE,
    comment: '',
    description: 'Diamonds for BIGO LIVE',
    pay_note: 'Arrives within two minutes',
    status: 1,
    release: true,
    price_list: [100, 1000, 42000],
    synced_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const PRODUCTS = [
  productRecord(),
  productRecord({ id: 5, name: 'Gift Pack', code: '', image: '', release: false, price_list: [] }),
];

function page(call: TRecordedCall) {
  const size = Number(call.url.searchParams.get('page_size'));
  const number = Number(call.url.searchParams.get('page'));
  return ok({ page_data: PRODUCTS, total: 12, page: number, page_size: size });
}

async function confirmDeletion() {
  const dialog = await findDialog('Are you sure?');
  expect(dialog.getByText("You won't be able to revert this!")).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'No, cancel!' })).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete it!' }));
}

describe('product list', () => {
  it('shows image, name, code, diamonds joined by a bar, release badge and actions, 5 per page', async () => {
    const api = stubApi({ 'GET /api/v1/product/': page });
    renderApp('/product');

    expect(await screen.findByText('BIGO Diamonds', { selector: 'td' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/product/')[0]?.url.search).toBe('?page=1&page_size=5');
    const bigo = rowOf('BIGO Diamonds');
    expect(bigo.getByAltText('Image of BIGO Diamonds')).toHaveAttribute('src', IMAGE);
    expect(bigo.getByText('100 | 1,000 | 42,000')).toBeInTheDocument();
    expect(bigo.getByText('Released')).toBeInTheDocument();
    expect(bigo.getByLabelText('Edit BIGO Diamonds')).toHaveAttribute('href', '/product-edit?id=4');
    expect(bigo.getByLabelText('Price list of BIGO Diamonds')).toHaveAttribute('href', '/price?id=4');
    // SPEC.md §4: a released product shows a red unrelease action.
    const unrelease = bigo.getByLabelText('Unrelease BIGO Diamonds');
    expect(unrelease).toHaveClass('ant-btn-dangerous');

    const gift = rowOf('Gift Pack');
    expect(gift.getByText('Not released')).toBeInTheDocument();
    expect(gift.getByText('No prices yet')).toBeInTheDocument();
    expect(gift.getByLabelText('No image')).toBeInTheDocument();
    expect(gift.getByLabelText('Release Gift Pack')).not.toHaveClass('ant-btn-dangerous');

    expect(screen.getByText('12 items')).toBeInTheDocument();
    expect(screen.getByText('Add product').closest('a')).toHaveAttribute('href', '/product-add');
  });

  it('searches by name, code and release status, and pages', async () => {
    const api = stubApi({ 'GET /api/v1/product/': page });
    renderApp('/product');
    await screen.findByText('Gift Pack', { selector: 'td' });
    const filters = within(screen.getByRole('search', { name: 'Filter products' }));
    await fill(filters.getByLabelText('Name'), ' bigo ');
    await fill(filters.getByLabelText('Code'), 'dia');
    await userEvent.click(filters.getByLabelText('Release'));
    await userEvent.click(await screen.findByTitle('Released'));
    await userEvent.click(filters.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.url.search).toBe('?page=1&page_size=5&name=bigo&code=dia&status=1'),
    );

    await waitForTableIdle();

    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.calls.at(-1)?.url.searchParams.get('page')).toBe('2'));

    await userEvent.click(filters.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(filters.getByLabelText('Name')).toHaveValue(''));
    expect(filters.getByLabelText('Code')).toHaveValue('');
  });

  it('releases a product, says so and reloads the list', async () => {
    writeLocal(STORAGE_KEYS.productCache, '{"cached":true}');
    const api = stubApi({
      'GET /api/v1/product/': page,
      'GET /api/v1/product/release': () => ok(productRecord({ id: 5, release: true }), MSG.release_success),
    });
    renderApp('/product');
    await screen.findByText('Gift Pack', { selector: 'td' });
    const loads = api.callsTo('GET /api/v1/product/').length;

    await userEvent.click(rowOf('Gift Pack').getByLabelText('Release Gift Pack'));

    expect(await screen.findByText('Release product successfully')).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/product/release')[0]?.url.search).toBe('?product_id=5');
    await waitFor(() => expect(api.callsTo('GET /api/v1/product/').length).toBeGreaterThan(loads));
    // This browser's recharge form must not keep offering the old catalogue for 5 minutes.
    expect(readLocal(STORAGE_KEYS.productCache)).toBeNull();
  });

  it('deletes after the SPEC.md confirmation, says the product was deleted and reloads', async () => {
    const api = stubApi({
      'GET /api/v1/product/': page,
      'DELETE /api/v1/product/5': () => ok(null, MSG.product_deleted),
    });
    renderApp('/product');
    await screen.findByText('Gift Pack', { selector: 'td' });
    const loads = api.callsTo('GET /api/v1/product/').length;

    await userEvent.click(rowOf('Gift Pack').getByLabelText('Delete Gift Pack'));
    await confirmDeletion();

    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/product/5')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/v1/product/').length).toBeGreaterThan(loads));
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const api = stubApi({ 'GET /api/v1/product/': page });
    renderApp('/product');
    await screen.findByText('Gift Pack', { selector: 'td' });
    await userEvent.click(rowOf('Gift Pack').getByLabelText('Delete Gift Pack'));
    const dialog = await findDialog('Are you sure?');
    await userEvent.click(dialog.getByRole('button', { name: 'No, cancel!' }));
    // The dialog closes: jsdom never ends antd's leave animation, so it is seen leaving rather than gone.
    await waitFor(() => expect(dialog.element).toHaveClass('ant-zoom-leave'));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it("shows a refused delete's message in the error popup and reloads", async () => {
    const api = stubApi({
      'GET /api/v1/product/': page,
      'DELETE /api/v1/product/4': () => fail(400, MSG.product_has_orders),
    });
    renderApp('/product');
    await screen.findByText('BIGO Diamonds', { selector: 'td' });
    const loads = api.callsTo('GET /api/v1/product/').length;
    await userEvent.click(rowOf('BIGO Diamonds').getByLabelText('Delete BIGO Diamonds'));
    await confirmDeletion();

    await findDialog('This product has orders and cannot be deleted');
    await waitFor(() => expect(api.callsTo('GET /api/v1/product/').length).toBeGreaterThan(loads));
  });

  it("shows a refused release's message in the error popup and reloads", async () => {
    const api = stubApi({
      'GET /api/v1/product/': page,
      'GET /api/v1/product/release': () => fail(400, 'Invalid product_id'),
    });
    renderApp('/product');
    await screen.findByText('BIGO Diamonds', { selector: 'td' });
    const loads = api.callsTo('GET /api/v1/product/').length;
    await userEvent.click(rowOf('BIGO Diamonds').getByLabelText('Unrelease BIGO Diamonds'));
    await findDialog('Invalid product_id');
    await waitFor(() => expect(api.callsTo('GET /api/v1/product/').length).toBeGreaterThan(loads));
  });

  it('syncs prices: without a payment catalogue the server says so in the popup, and the list reloads', async () => {
    const noStripe =
      'No payment catalogue is configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sync with Stripe';
    const api = stubApi({
      'GET /api/v1/product/': page,
      'GET /api/v1/product/sync': () => fail(400, noStripe),
    });
    renderApp('/product');
    await screen.findByText('BIGO Diamonds', { selector: 'td' });
    const loads = api.callsTo('GET /api/v1/product/').length;
    await userEvent.click(screen.getByText('Sync prices'));
    await findDialog(noStripe);
    await waitFor(() => expect(api.callsTo('GET /api/v1/product/').length).toBeGreaterThan(loads));
  });

  it('syncs prices with Stripe and says so', async () => {
    stubApi({
      'GET /api/v1/product/': page,
      'GET /api/v1/product/sync': () =>
        ok({ products: 2, prices: 3, created_prices: 3, deactivated_prices: 0 }, MSG.products_synced),
    });
    renderApp('/product');
    await screen.findByText('BIGO Diamonds', { selector: 'td' });
    await userEvent.click(screen.getByText('Sync prices'));
    expect(await screen.findByText('Products and prices synced with Stripe')).toBeInTheDocument();
  });

  it('in Chinese labels badges, actions, totals, the confirmation and a refusal', async () => {
    await setLanguage('zh');
    stubApi({
      'GET /api/v1/product/': page,
      'DELETE /api/v1/product/4': () => fail(400, MSG.product_has_orders),
    });
    renderApp('/product');
    await screen.findByText('BIGO Diamonds', { selector: 'td' });
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    expect(rowOf('BIGO Diamonds').getByText('已上架')).toBeInTheDocument();
    expect(rowOf('BIGO Diamonds').getByLabelText('下架 BIGO Diamonds')).toBeInTheDocument();
    expect(rowOf('Gift Pack').getByText('未上架')).toBeInTheDocument();
    await userEvent.click(rowOf('BIGO Diamonds').getByLabelText('删除 BIGO Diamonds'));
    const dialog = await findDialog('确定要删除吗？');
    await userEvent.click(dialog.getByRole('button', { name: '是的，删除！' }));
    await findDialog(i18n.t('validation:product_has_orders'));
  });
});

function pngFile(name = 'bigo.png') {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

describe('add product', () => {
  it('checks the SPEC.md name rules before sending anything', async () => {
    const api = stubApi({});
    renderApp('/product-add');
    await userEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await fill(screen.getByLabelText('Name'), 'x'.repeat(65));
    expect(await screen.findByText('Name must be less than 64 characters')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('uploads an image, creates the product, says so and returns to the list', async () => {
    const api = stubApi({
      'POST /api/v1/attachment/uploadfile/': () => ok({ url: IMAGE }),
      'POST /api/v1/product/': () => ok(productRecord({ id: 9 }), MSG.product_saved),
      'GET /api/v1/product/': page,
    });
    const { router } = renderApp('/product-add');
    await fill(await screen.findByLabelText('Name'), '  BIGO Diamonds ');
    await userEvent.upload(screen.getByLabelText(/^Image/), pngFile());
    expect(await screen.findByRole('img', { name: 'Image of BIGO Diamonds' })).toHaveAttribute('src', IMAGE);
    const [upload] = api.callsTo('POST /api/v1/attachment/uploadfile/');
    if (!upload) throw new Error('no upload');
    expect(upload.url.search).toBe('?attachment_type=product');
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);

    await fill(screen.getByLabelText('Code'), 'bigo');
    await fill(screen.getByLabelText('Comment'), 'Best seller');
    await fill(screen.getByLabelText('Description'), 'Diamonds for BIGO LIVE');
    await fill(screen.getByLabelText('Pay note'), 'Arrives within two minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/product'));
    expect(api.callsTo('POST /api/v1/product/')[0]?.body).toEqual({
      name: 'BIGO Diamonds',
      image: IMAGE,
      code: 'bigo',
      comment: 'Best seller',
      description: 'Diamonds for BIGO LIVE',
      pay_note: 'Arrives within two minutes',
    });
    expect(await screen.findByText('Product saved successfully')).toBeInTheDocument();
  });

  it('accepts image files only', async () => {
    const api = stubApi({});
    renderApp('/product-add');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText(/^Image/),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(
      await screen.findByText('Please choose an image file (PNG, JPEG, GIF or WebP).'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("puts the server's field errors under their fields", async () => {
    stubApi({
      'POST /api/v1/product/': () =>
        fail(400, 'Some fields are not valid.', { errors: { code: MSG.max_64 } }),
    });
    const { router } = renderApp('/product-add');
    await fill(await screen.findByLabelText('Name'), 'BIGO Diamonds');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Code').closest('.ant-form-item')).toHaveTextContent(
        'Must be less than 64 characters',
      ),
    );
    expect(router.state.location.pathname).toBe('/product-add');
  });
});

describe('edit product', () => {
  it('loads the product of ?id=, saves with PUT and returns to the list', async () => {
    const api = stubApi({
      'GET /api/v1/product/4': () => ok(productRecord()),
      'PUT /api/v1/product/4': () => ok(productRecord(), MSG.product_saved),
      'GET /api/v1/product/': page,
    });
    const { router } = renderApp('/product-edit?id=4');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('BIGO Diamonds');
    expect(screen.getByLabelText('Pay note')).toHaveValue('Arrives within two minutes');
    expect(screen.getByRole('img', { name: 'Image of BIGO Diamonds' })).toHaveAttribute('src', IMAGE);

    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    await userEvent.clear(name);
    await fill(name, 'BIGO Diamonds SG');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/product'));
    expect(api.callsTo('PUT /api/v1/product/4')[0]?.body).toEqual({
      name: 'BIGO Diamonds SG',
      image: '',
      code: 'bigo',
      comment: '',
      description: 'Diamonds for BIGO LIVE',
      pay_note: 'Arrives within two minutes',
    });
    expect(await screen.findByText('Product saved successfully')).toBeInTheDocument();
  });

  it("says 'Oops, something went wrong!' when the product cannot be loaded", async () => {
    stubApi({ 'GET /api/v1/product/404': () => fail(404, MSG.product_not_found) });
    renderApp('/product-edit?id=404');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Back to products' })) {
      expect(link).toHaveAttribute('href', '/product');
    }
  });

  it('says so for an address without a product id', async () => {
    stubApi({});
    renderApp('/product-edit?id=abc');
    expect(await screen.findByText('Oops, something went wrong!')).toBeInTheDocument();
  });

  it('shows the raw error of a failed save, even when a field was marked', async () => {
    stubApi({
      'GET /api/v1/product/4': () => ok(productRecord()),
      'PUT /api/v1/product/4': () =>
        fail(400, 'Some fields are not valid.', { errors: { name: MSG.name_required } }),
    });
    renderApp('/product-edit?id=4');
    await screen.findByLabelText('Name');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await findDialog('Some fields are not valid.');
    expect(screen.getByLabelText('Name').closest('.ant-form-item')).toHaveTextContent('Name is required');
  });
});
