/**
 * Where the sandboxes keep their state. A real far end keeps its transactions, sessions and ledger on its own
 * servers: every process of the shop sees the same far end, and it survives a restart of the shop. So the
 * sandboxes never keep state in memory; the host passes a store (the server's is a table, sandbox_records) and
 * every record is a JSON document under (kind, key).
 *
 * Kinds in use: fiuu_txn (key tranID), fiuu_ipn, fiuu_refund, fiuu_refund_controls, fiuu_controls, stripe_session,
 * stripe_idempotency,
 * stripe_refund, stripe_refund_idempotency, stripe_refund_controls, stripe_product, stripe_price,
 * stripe_catalogue_idempotency, bigo_delivery, bigo_controls.
 */

/** A path into a record's JSON data, e.g. ['session', 'payment_intent']: letters, digits and _ only. */
export type SandboxDataPath = readonly string[];

/** What can be done with records, inside a transaction or outside one. */
export interface SandboxRecords {
  /** The record's data, or undefined when there is none. */
  get<T>(kind: string, key: string): Promise<T | undefined>;
  /** Writes the record, replacing any data it had. */
  put(kind: string, key: string, data: unknown): Promise<void>;
  /** Writes the record only when (kind, key) is new; true when this call wrote it. */
  putOnce(kind: string, key: string, data: unknown): Promise<boolean>;
  /**
   * Adds `entry` to the `entries` list of the record (creating `{ entries: [entry] }`) in one step, so that
   * concurrent appends all stay.
   */
  append(kind: string, key: string, entry: unknown): Promise<void>;
  /** The data of every record of `kind` whose JSON holds the string `value` at `path`, oldest first. */
  findBy<T>(kind: string, path: SandboxDataPath, value: string): Promise<T[]>;
}

/** Records inside a transaction, with row locks that last until it ends. */
export interface SandboxTx extends SandboxRecords {
  /**
   * The record, locked: other transactions that lock it wait until this one ends. With `initial`, a missing
   * record is first created with that data (so there is always a row to lock).
   */
  lock<T>(kind: string, key: string, initial?: unknown): Promise<T | undefined>;
  /** The oldest record of `kind` whose JSON holds `value` at `path`, locked as `lock` does. */
  lockBy<T>(kind: string, path: SandboxDataPath, value: string): Promise<T | undefined>;
}

export interface SandboxStore extends SandboxRecords {
  /** Runs `work` in one transaction: everything it wrote stays, or (when it throws) nothing does. */
  transaction<R>(work: (tx: SandboxTx) => Promise<R>): Promise<R>;
}
