import { FIUU_REQUERY_CLOCK } from '@ezrecharge/sandboxes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { gatewaySlots, sandboxRecords } from '../../src/db/schema';

/**
 * Fiuu allows one status query every 5 seconds per merchant; our client keeps to it with a site-wide slot
 * (gateway_slots) and the Fiuu sandbox answers Q99 to a merchant that does not. A test that asks again sooner lets
 * the 5 seconds pass on both sides instead of waiting.
 */
export async function fiuuRequeryWindowPasses(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  await db.delete(gatewaySlots);
  await db.delete(sandboxRecords).where(eq(sandboxRecords.kind, FIUU_REQUERY_CLOCK));
}
