/**
 * The jobs scripts/e2e-seed.ts puts into the e2e server's database before it starts, for e2e/jobs.spec.ts: a real
 * job that ran out of attempts takes half an hour or more of failures (a delivery's 12 attempts back off to 10
 * minutes apart), longer than any journey may take.
 */
export const SEEDED_JOBS = {
  /** A receipt whose 20 attempts all met a mail server that was down: dead, as the queue leaves such a job. */
  deadReceipt: {
    kind: 'receipt-mail',
    orderNum: 'EZE2EDEADRECEIPT01',
    lastError: 'connect ECONNREFUSED 127.0.0.1:587',
    attempts: 20,
  },
  /**
   * A delivery queued with a payload its kind does not accept (`orderNum`, as an older release might have stored
   * it): the server's own queue marks it dead on its first claim, without running it.
   */
  unfitDelivery: { kind: 'deliver-order', orderNum: 'EZE2EUNFITPAYLOAD01', maxAttempts: 12 },
} as const;
