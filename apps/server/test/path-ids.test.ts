import type { TFaq } from '@ezrecharge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndPlainUser, apiCaller } from './support/api';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue #33: row ids in paths and query strings are decimal integers only. Read as JavaScript numbers, `0x10` named
 * row 16 (`DELETE /api/v1/faq/0x10` deleted entry 16) and `%201` (" 1") row 1; every other spelling of a number
 * must be refused with 400 before any row is looked up, on every operation that takes an id.
 */

let t: TestApp;
let admin: string;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await adminAndPlainUser(t));
});
afterAll(async () => {
  await t.close();
});

/** Spellings of a number that are not the decimal digits of a row id (as they appear in a URL). */
const LOOSE_IDS = [
  '0x10',
  '%201',
  '1%20',
  '%091',
  '1e1',
  '%2B1',
  '-1',
  '01',
  '1.0',
  '0',
  '0b1',
  '0o1',
  'Infinity',
  '1_0',
  '%EF%BC%91', // fullwidth digit one
  '2147483648', // past the largest serial
  '99999999999999999999',
];

type Json = Record<string, unknown>;

async function addFaq(tag: string): Promise<TFaq> {
  const res = await call('POST', '/api/v1/faq/', admin, {
    module_en: `Ids ${tag}`,
    module_zh: `编号 ${tag}`,
    question_en: `Question ${tag}?`,
    question_zh: `问题 ${tag}？`,
    answer_en: `Answer ${tag}.`,
    answer_zh: `回答 ${tag}。`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TFaq }).data;
}

describe('row ids in paths', () => {
  it('DELETE /faq/0x<id> is refused and deletes nothing; the decimal id deletes the entry', async () => {
    const entry = await addFaq('hex');
    const hex = await call('DELETE', `/api/v1/faq/0x${entry.id.toString(16)}`, admin);
    expect(hex.statusCode, hex.body).toBe(400);
    expect(hex.json()).toMatchObject({
      code: 'validation_failed',
      errors: { id: 'Must be a positive whole number' },
      error_keys: { id: 'row_id_invalid' },
    });
    expect((await call('GET', `/api/v1/faq/${entry.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/faq/${entry.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/faq/${entry.id}`, admin)).statusCode).toBe(404);
  });

  it('GET /user/%201 is refused; GET /user/1 reads the user', async () => {
    const spaced = await call('GET', '/api/v1/user/%201', admin);
    expect(spaced.statusCode, spaced.body).toBe(400);
    expect((spaced.json() as { errors: Json }).errors.id).toBeDefined();
    expect((await call('GET', '/api/v1/user/1', admin)).statusCode).toBe(200);
  });

  it('every operation with an id in its path answers 400 to every loose spelling', async () => {
    const doc = (await call('GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    // The shop's API; the sandboxes under /sandbox play vendors whose ids are strings of their own.
    const api = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/v1/'));
    const operations = api.flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'path'))
        .map(([method, op]) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
          path,
          names: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        })),
    );
    // Users, FAQ, feedback, products, prices, promotions, spins, jobs: at least these many.
    expect(operations.length).toBeGreaterThanOrEqual(20);
    for (const { method, path, names } of operations) {
      for (const loose of LOOSE_IDS) {
        const url = path.replace(/\{(\w+)\}/g, () => loose);
        const res = await call(method, url, admin, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
        const errors = (res.json() as { errors?: Json }).errors ?? {};
        expect(
          names.some((name) => errors[name] !== undefined),
          `${method} ${url} names its id: ${res.body}`,
        ).toBe(true);
      }
    }
  });
});

describe('row ids in query strings', () => {
  const faqBody = {
    module_en: 'Ids',
    module_zh: '编号',
    question_en: 'Question?',
    question_zh: '问题？',
    answer_en: 'Answer.',
    answer_zh: '回答。',
  };
  const userBody = { nickname: 'Nick', avatar: '', email: 'query-ids@example.com', is_superuser: false };
  // A valid body, so that the refusal is the query's (Fastify checks the body before the query string).
  const QUERY_IDS: [method: 'GET' | 'PUT' | 'POST', path: string, name: string, body: object | undefined][] =
    [
      ['PUT', '/api/v1/user/', 'id', userBody],
      ['PUT', '/api/v1/faq/', 'id', faqBody],
      ['POST', '/api/v1/order/extra-payment/refund', 'id', { reason: 'Paid twice' }],
      ['GET', '/api/v1/product/release', 'product_id', undefined],
      ['GET', '/api/v1/price/page', 'product_id', undefined],
    ];

  it('are decimal integers too: PUT /faq/?id=0x<id> changes nothing', async () => {
    const entry = await addFaq('query');
    const res = await call('PUT', `/api/v1/faq/?id=0x${entry.id.toString(16)}`, admin, {
      ...faqBody,
      question_en: 'Changed?',
    });
    expect(res.statusCode, res.body).toBe(400);
    const read = await call('GET', `/api/v1/faq/${entry.id}`, admin);
    expect((read.json() as { data: TFaq }).data.question_en).toBe('Question query?');
  });

  it.each(QUERY_IDS)('%s %s?%s= answers 400 to every loose spelling', async (method, path, name, body) => {
    for (const loose of LOOSE_IDS) {
      const res = await call(method, `${path}?${name}=${loose}`, admin, body);
      expect(res.statusCode, `${method} ${path}?${name}=${loose}: ${res.body}`).toBe(400);
      expect((res.json() as { errors?: Json }).errors?.[name], res.body).toBeDefined();
    }
  });
});
