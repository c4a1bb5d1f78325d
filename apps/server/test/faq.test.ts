import { MESSAGES, type TFaq, type TFaqGroups, type TFaqInput } from '@ezrecharge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../src/db/schema';
import { adminAndPlainUser, apiCaller, auditRows as auditRowsOf } from './support/api';
import { startTestApp, type TestApp } from './support/test-app';

/** FAQ (SPEC.md §2, §3, §5, §7): the public grouped list and the superuser admin, on the real app and database. */
describe('FAQ', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let plain: string;

  const call = apiCaller(() => t.app);

  const entry = (tag: string, extra: Partial<TFaqInput> = {}): TFaqInput => ({
    module_en: `Module ${tag}`,
    module_zh: `模块 ${tag}`,
    question_en: `Question ${tag}?`,
    question_zh: `问题 ${tag}？`,
    answer_en: `Answer ${tag}.`,
    answer_zh: `回答 ${tag}。`,
    ...extra,
  });

  const add = async (input: TFaqInput): Promise<TFaq> => {
    const res = await call('POST', '/api/v1/faq/', admin, input);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: TFaq }).data;
  };

  const publicList = async (lang?: string): Promise<TFaqGroups> => {
    const res = await call('GET', `/api/v1/faq/list${lang === undefined ? '' : `?lang_type=${lang}`}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: TFaqGroups }).data;
  };

  const auditRows = (action: string, entityId: number) => auditRowsOf(t, action, entityId);

  beforeAll(async () => {
    t = await startTestApp();
    ({ admin, adminId, plain } = await adminAndPlainUser(t));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the public list', () => {
    it('groups the seeded entries by English module, in the order they were added', async () => {
      const groups = await publicList('en');
      expect(groups.map((g) => g.name)).toEqual(['Recharge', 'Payment', 'Account']);
      expect(groups[0]?.children.map((c) => c.question)).toEqual([
        'How long does a diamond recharge take?',
        'Where do I find my BIGO ID?',
      ]);
      expect(groups[0]?.children[0]).toEqual({
        id: expect.any(Number),
        question: 'How long does a diamond recharge take?',
        answer: expect.stringContaining('within two minutes'),
      });
      expect(groups[1]?.children.map((c) => c.question)).toEqual([
        'Which payment methods can I use?',
        'Can I get a refund?',
      ]);
      expect(groups[2]?.children).toHaveLength(1);
    });

    it('answers the same entries in Chinese for lang_type=zh', async () => {
      const en = await publicList('en');
      const zh = await publicList('zh');
      expect(zh.map((g) => g.name)).toEqual(['充值', '支付', '账户']);
      expect(zh[0]?.children[0]).toEqual({
        id: en[0]?.children[0]?.id,
        question: '钻石充值需要多长时间？',
        answer: expect.stringContaining('两分钟内到账'),
      });
      expect(zh.flatMap((g) => g.children.map((c) => c.id))).toEqual(
        en.flatMap((g) => g.children.map((c) => c.id)),
      );
    });

    it('needs no session, defaults to English and falls back to English for an unknown language', async () => {
      const en = await publicList('en');
      expect(await publicList()).toEqual(en);
      expect(await publicList('fr')).toEqual(en);
    });

    it('shows an added entry in both languages, in its module group or a new group at the end', async () => {
      const before = await publicList('en');
      const inRecharge = await add(
        entry('r', {
          module_en: 'Recharge',
          module_zh: '充值',
          question_en: 'Can I recharge a friend?',
          question_zh: '可以给朋友充值吗？',
          answer_en: 'Yes, enter their BIGO ID.',
          answer_zh: '可以，输入对方的 BIGO ID。',
        }),
      );
      const fresh = await add(
        entry('n', {
          module_en: 'Promotions',
          module_zh: '优惠活动',
          question_en: 'How do spins work?',
          question_zh: '抽奖如何进行？',
          answer_en: 'One spin per 600 diamonds.',
          answer_zh: '每充值 600 钻石可抽奖一次。',
        }),
      );

      const en = await publicList('en');
      expect(en.map((g) => g.name)).toEqual(['Recharge', 'Payment', 'Account', 'Promotions']);
      expect(en[0]?.children.at(-1)).toEqual({
        id: inRecharge.id,
        question: 'Can I recharge a friend?',
        answer: 'Yes, enter their BIGO ID.',
      });
      expect(en[0]?.children).toHaveLength((before[0]?.children.length ?? 0) + 1);
      expect(en[3]).toEqual({
        name: 'Promotions',
        children: [{ id: fresh.id, question: 'How do spins work?', answer: 'One spin per 600 diamonds.' }],
      });

      const zh = await publicList('zh');
      expect(zh.map((g) => g.name)).toEqual(['充值', '支付', '账户', '优惠活动']);
      expect(zh[0]?.children.at(-1)).toEqual({
        id: inRecharge.id,
        question: '可以给朋友充值吗？',
        answer: '可以，输入对方的 BIGO ID。',
      });
      expect(zh[3]?.children).toEqual([
        { id: fresh.id, question: '抽奖如何进行？', answer: '每充值 600 钻石可抽奖一次。' },
      ]);
    });
  });

  describe('who may call the admin', () => {
    let targetId: number;
    beforeAll(async () => {
      targetId = (await add(entry('guarded'))).id;
    });

    const adminCalls = (id: number): [string, string, Record<string, unknown>?][] => [
      ['GET', '/api/v1/faq/'],
      ['GET', `/api/v1/faq/${id}`],
      ['POST', '/api/v1/faq/', entry('never_made')],
      ['PUT', `/api/v1/faq/?id=${id}`, entry('never_edited')],
      ['DELETE', `/api/v1/faq/${id}`],
    ];

    it('refuses every admin call without a session (401)', async () => {
      for (const [method, url, body] of adminCalls(targetId)) {
        const res = await call(method as 'GET', url, undefined, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 'unauthorized' });
      }
    });

    it('refuses every admin call from an ordinary user (403) and changes nothing', async () => {
      for (const [method, url, body] of adminCalls(targetId)) {
        const res = await call(method as 'GET', url, plain, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'forbidden' });
      }
      const [row] = await t.app.database.db.select().from(faqs).where(eq(faqs.id, targetId));
      expect(row?.moduleEn).toBe('Module guarded');
      const made = await t.app.database.db.select().from(faqs).where(eq(faqs.moduleEn, 'Module never_made'));
      expect(made).toEqual([]);
    });
  });

  describe('adding an entry', () => {
    it('stores the six fields, answers the entry with SPEC.md’s message and writes an audit row', async () => {
      const input = entry('added');
      const res = await call('POST', '/api/v1/faq/', admin, input);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { message: string; data: TFaq };
      expect(body.message).toBe('FAQ Add Successfully!');
      expect(body.data).toEqual({
        id: expect.any(Number),
        ...input,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: expect.any(String),
      });
      const [row] = await t.app.database.db.select().from(faqs).where(eq(faqs.id, body.data.id));
      expect(row).toMatchObject({ moduleEn: 'Module added', answerZh: '回答 added。' });
      const audit = await auditRows('faq.create', body.data.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'faq', detail: input });
    });

    it('puts the SPEC.md message under every missing field', async () => {
      const res = await call('POST', '/api/v1/faq/', admin, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: {
          module_en: 'Module-EN is required',
          module_zh: 'Module-ZH is required',
          question_en: 'Question-EN is required',
          question_zh: 'Question-ZH is required',
          answer_en: 'Answer-EN is required',
          answer_zh: 'Answer-ZH is required',
        },
      });
      const blank = await call('POST', '/api/v1/faq/', admin, entry('blank', { answer_zh: '   ' }));
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toEqual({ answer_zh: MESSAGES.answer_zh_required });
    });

    it('takes 256 characters and refuses 257 (and a 65-character module) with the field’s message', async () => {
      const long = await call(
        'POST',
        '/api/v1/faq/',
        admin,
        entry('long', { question_en: 'q'.repeat(257), module_zh: '模'.repeat(65) }),
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual({
        question_en: 'Question-EN must be less than 256 characters',
        module_zh: 'Module-ZH must be less than 64 characters',
      });
      for (const field of ['question_zh', 'answer_en', 'answer_zh'] as const) {
        const res = await call('POST', '/api/v1/faq/', admin, entry('long', { [field]: 'x'.repeat(257) }));
        expect(res.json().errors, field).toEqual({ [field]: MESSAGES[`${field}_max`] });
      }
      const made = await t.app.database.db.select().from(faqs).where(eq(faqs.moduleEn, 'Module long'));
      expect(made).toEqual([]);

      const edge = await add(entry('edge', { question_en: 'q'.repeat(256), module_en: 'm'.repeat(64) }));
      expect(edge.question_en).toHaveLength(256);
    });

    it('stores markup as text and answers it verbatim, in the admin and the public list', async () => {
      const script = '<script>alert(1)</script>';
      const input = entry('xss', {
        module_en: `Script ${script}`,
        module_zh: script,
        question_en: `${script}?`,
        question_zh: `<img src=x onerror=alert(1)>`,
        answer_en: `${script} & "quotes"`,
        answer_zh: script,
      });
      const made = await add(input);
      expect(made).toMatchObject(input);
      expect((await call('GET', `/api/v1/faq/${made.id}`, admin)).json().data).toMatchObject(input);
      const en = await publicList('en');
      expect(en.find((g) => g.name === `Script ${script}`)?.children).toEqual([
        { id: made.id, question: `${script}?`, answer: `${script} & "quotes"` },
      ]);
      const res = await call('GET', '/api/v1/faq/list?lang_type=zh');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    });
  });

  describe('the admin list', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 7; i++) {
        await add(entry(`p${i}`, { module_en: `Paging Group`, module_zh: `分页组 ${i}` }));
      }
      await add(entry('w1', { module_en: '50%_off deals', module_zh: '通配' }));
      await add(entry('w2', { module_en: '50xyoff deals', module_zh: '通配' }));
      await add(entry('w3', { module_en: '5_0 deals', module_zh: '通配' }));
    });

    it('pages by 5 by default, newest first, with the total', async () => {
      const res = await call('GET', '/api/v1/faq/?module_en=paging', admin);
      expect(res.statusCode).toBe(200);
      const { data } = res.json() as {
        data: { page_data: TFaq[]; total: number; page: number; page_size: number };
      };
      expect(data).toMatchObject({ total: 7, page: 1, page_size: 5 });
      expect(data.page_data.map((f) => f.module_zh)).toEqual([
        '分页组 7',
        '分页组 6',
        '分页组 5',
        '分页组 4',
        '分页组 3',
      ]);
      const page2 = (await call('GET', '/api/v1/faq/?module_en=paging&page=2', admin)).json().data;
      expect(page2.page_data.map((f: TFaq) => f.module_zh)).toEqual(['分页组 2', '分页组 1']);
      const page3 = (await call('GET', '/api/v1/faq/?module_en=paging&page=3', admin)).json().data;
      expect(page3).toMatchObject({ page_data: [], total: 7, page: 3 });
      const big = (await call('GET', '/api/v1/faq/?module_en=paging&page_size=10', admin)).json().data;
      expect(big.page_data).toHaveLength(7);
    });

    it('lists every entry without filters, seeded ones included', async () => {
      const { data } = (await call('GET', '/api/v1/faq/?page_size=100', admin)).json();
      const count = await t.app.database.db.$count(faqs);
      expect(data.total).toBe(count);
      expect(data.page_data).toHaveLength(count);
      expect(data.page_data.map((f: TFaq) => f.module_en)).toContain('Recharge');
    });

    it('filters by module in either language, contains and case-insensitive, both at once', async () => {
      const byEn = (await call('GET', '/api/v1/faq/?module_en=PAGING%20gr', admin)).json().data;
      expect(byEn.total).toBe(7);
      const byZh = (
        await call('GET', `/api/v1/faq/?module_zh=${encodeURIComponent('分页组 3')}`, admin)
      ).json().data;
      expect(byZh.page_data.map((f: TFaq) => f.question_en)).toEqual(['Question p3?']);
      const both = (
        await call('GET', `/api/v1/faq/?module_en=paging&module_zh=${encodeURIComponent('组 5')}`, admin)
      ).json().data;
      expect(both.page_data.map((f: TFaq) => f.question_en)).toEqual(['Question p5?']);
      const none = (
        await call('GET', `/api/v1/faq/?module_en=recharge&module_zh=${encodeURIComponent('分页')}`, admin)
      ).json().data;
      expect(none).toMatchObject({ page_data: [], total: 0 });
      const empty = (await call('GET', '/api/v1/faq/?module_en=&module_zh=&page_size=100', admin)).json()
        .data;
      expect(empty.total).toBe(await t.app.database.db.$count(faqs));
    });

    it('takes % and _ in a filter literally', async () => {
      const percent = (await call('GET', `/api/v1/faq/?module_en=${encodeURIComponent('50%')}`, admin)).json()
        .data;
      expect(percent.page_data.map((f: TFaq) => f.module_en)).toEqual(['50%_off deals']);
      const underscore = (await call('GET', '/api/v1/faq/?module_en=5_', admin)).json().data;
      expect(underscore.page_data.map((f: TFaq) => f.module_en)).toEqual(['5_0 deals']);
    });

    it('refuses bad paging values and over-long filters with 400', async () => {
      for (const q of [
        'page=0',
        'page=abc',
        'page_size=0',
        'page_size=101',
        'page=1.5',
        `module_en=${'m'.repeat(65)}`,
      ]) {
        const res = await call('GET', `/api/v1/faq/?${q}`, admin);
        expect(res.statusCode, q).toBe(400);
      }
    });
  });

  describe('one entry, editing and deleting', () => {
    let id: number;
    beforeAll(async () => {
      id = (await add(entry('edit'))).id;
    });

    it('shows one entry, 404 for an unknown id and 400 for a malformed one', async () => {
      const res = await call('GET', `/api/v1/faq/${id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'OK', data: expect.objectContaining({ id, ...entry('edit') }) });
      const missing = await call('GET', '/api/v1/faq/999999', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'FAQ not found', code: 'not_found' });
      for (const bad of ['abc', '1abc', '-1', '0', '99999999999']) {
        expect((await call('GET', `/api/v1/faq/${bad}`, admin)).statusCode, bad).toBe(400);
      }
    });

    it('edits all six fields with SPEC.md’s message, audits what changed, and the public list follows', async () => {
      const before = (await call('GET', `/api/v1/faq/${id}`, admin)).json().data as TFaq;
      const changed = entry('edit', {
        module_en: 'Edited module',
        question_en: 'Edited question?',
        answer_zh: '已编辑的回答。',
      });
      const res = await call('PUT', `/api/v1/faq/?id=${id}`, admin, changed);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'FAQ Add Successfully!',
        message_key: 'faq_saved',
        data: { ...changed, id, created_at: before.created_at, updated_at: expect.any(String) },
      });
      expect(Date.parse(res.json().data.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
      const audit = await auditRows('faq.update', id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'faq' });
      expect(audit[0]?.detail).toEqual({
        changed: {
          module_en: { from: 'Module edit', to: 'Edited module' },
          question_en: { from: 'Question edit?', to: 'Edited question?' },
          answer_zh: { from: '回答 edit。', to: '已编辑的回答。' },
        },
      });
      const en = await publicList('en');
      expect(en.find((g) => g.name === 'Edited module')?.children).toEqual([
        { id, question: 'Edited question?', answer: 'Answer edit.' },
      ]);
      expect(en.some((g) => g.name === 'Module edit')).toBe(false);
      const zh = await publicList('zh');
      expect(zh.find((g) => g.name === '模块 edit')?.children).toEqual([
        { id, question: '问题 edit？', answer: '已编辑的回答。' },
      ]);
    });

    it('refuses an edit with 404 for an unknown id, 400 without an id or with a bad field', async () => {
      const unknown = await call('PUT', '/api/v1/faq/?id=999999', admin, entry('x'));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('FAQ not found');
      for (const url of ['/api/v1/faq/', '/api/v1/faq/?id=x']) {
        expect((await call('PUT', url, admin, entry('x'))).statusCode, url).toBe(400);
      }
      const bad = await call('PUT', `/api/v1/faq/?id=${id}`, admin, {
        ...entry('x'),
        answer_en: 'a'.repeat(257),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ answer_en: 'Answer-EN must be less than 256 characters' });
      const missing = await call('PUT', `/api/v1/faq/?id=${id}`, admin, { module_en: 'Only one' });
      expect(missing.json().errors).toMatchObject({ module_zh: 'Module-ZH is required' });
      const [row] = await t.app.database.db.select().from(faqs).where(eq(faqs.id, id));
      expect(row?.moduleEn).toBe('Edited module');
    });

    it('deletes with SPEC.md’s message, keeps the content in the audit row, then answers 404', async () => {
      const res = await call('DELETE', `/api/v1/faq/${id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'FAQ entry deleted', message_key: 'faq_deleted', data: null });
      expect((await call('GET', `/api/v1/faq/${id}`, admin)).statusCode).toBe(404);
      expect(await t.app.database.db.select().from(faqs).where(eq(faqs.id, id))).toEqual([]);
      const audit = await auditRows('faq.delete', id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'faq' });
      expect(audit[0]?.detail).toMatchObject({ module_en: 'Edited module', question_en: 'Edited question?' });
      expect((await publicList('en')).some((g) => g.name === 'Edited module')).toBe(false);

      const again = await call('DELETE', `/api/v1/faq/${id}`, admin);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('FAQ not found');
      expect(await auditRows('faq.delete', id)).toHaveLength(1);
      expect((await call('DELETE', '/api/v1/faq/abc', admin)).statusCode).toBe(400);
    });
  });
});
