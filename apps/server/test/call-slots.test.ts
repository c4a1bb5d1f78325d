import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySlots } from '../src/db/schema';
import { createCallSlots } from '../src/infra/call-slots';
import { startTestApp, type TestApp } from './support/test-app';

/** The site-wide call slots (Fiuu's "1 query every 5 seconds"): whoever shares the database shares the limit. */
describe('call slots', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('grants one caller of many at once, and tells the others when the next slot opens', async () => {
    await t.app.database.db.delete(gatewaySlots);
    // Separate instances, as separate server processes would have.
    const callers = Array.from({ length: 8 }, () => createCallSlots(t.app.database.db));
    const answers = await Promise.all(callers.map((slots) => slots.take('test-slot', 5_000)));
    expect(answers.filter((a) => a.granted)).toHaveLength(1);
    for (const answer of answers) {
      if (answer.granted) continue;
      const wait = answer.nextAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(3_000);
      expect(wait).toBeLessThanOrEqual(5_000);
    }
  });

  it('opens again once the interval has passed, and a hold-off closes it for longer', async () => {
    const slots = createCallSlots(t.app.database.db);
    await t.app.database.db.delete(gatewaySlots);
    expect((await slots.take('short', 50)).granted).toBe(true);
    expect((await slots.take('short', 50)).granted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await slots.take('short', 50)).granted).toBe(true);
    await slots.holdOff('short', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const held = await slots.take('short', 50);
    expect(held.granted).toBe(false);
    if (!held.granted) expect(held.nextAt.getTime() - Date.now()).toBeGreaterThan(55_000);
  });
});
