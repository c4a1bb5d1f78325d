import { randomInt } from 'node:crypto';
import { EMAIL_CODE_RESEND_SECONDS, EMAIL_CODE_TTL_MINUTES, type TCaptchaApi } from '@ezrecharge/shared';
import type { Db, DbOrTx } from '../../infra/db';
import type { AppError } from '../../infra/http';
import { keyedHash, safeEqualHex } from '../../infra/tokens';
import * as repo from './auth-repository';

/**
 * E-mailed 6-digit codes (DESIGN.md §9): stored only as a keyed hash bound to their purpose and address, one live
 * code per purpose and address, a resend interval, a short life, a few tries, single use. Sign-up and password
 * reset send them to an address; `sign_in` codes unlock an account under attack (login-guard.ts) and are keyed on
 * the account's lower-case username; `change_email` codes prove a new address (email-change.ts) and are keyed on
 * the account and that address together.
 */
export type CodePurpose = TCaptchaApi | 'sign_in' | 'change_email';

export const CODE_TTL_MINUTES = EMAIL_CODE_TTL_MINUTES;
export const CODE_RESEND_MS = EMAIL_CODE_RESEND_SECONDS * 1000;
export const CODE_MAX_ATTEMPTS = 5;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Thrown by `check` inside a transaction; `run` turns it into the caller's answer after the rollback. */
class CodeRefused extends Error {
  constructor(
    /** The live code that a wrong value was tried against, whose try is counted; null if there was none. */
    readonly codeId: number | null,
  ) {
    super('verification code refused');
  }
}

export class EmailCodes {
  constructor(private readonly deps: { db: Db; secret: string; now: () => Date }) {}

  private hash(purpose: CodePurpose, address: string, code: string): string {
    return keyedHash(this.deps.secret, code, `email-code:${purpose}:${address.toLowerCase()}`);
  }

  /**
   * Stores a new code for purpose + address, retiring the older ones, unless the newest is younger than the resend
   * interval: then `{ waitSec }` and nothing changes. `alsoInTx` runs in the same transaction with the new code
   * (e.g. queues the e-mail that carries it).
   */
  async issue(
    purpose: CodePurpose,
    address: string,
    alsoInTx?: (tx: DbOrTx, code: string) => Promise<void>,
  ): Promise<{ code: string; id: number } | { waitSec: number }> {
    const code = newCode();
    const at = this.deps.now();
    return this.deps.db.transaction(async (tx) => {
      await repo.lockCodeAddress(tx, purpose, address);
      const newest = await repo.newestCode(tx, purpose, address);
      const waitMs = newest ? newest.createdAt.getTime() + CODE_RESEND_MS - at.getTime() : 0;
      if (waitMs > 0) return { waitSec: Math.ceil(waitMs / 1000) };
      await repo.retireCodes(tx, purpose, address, at);
      const id = await repo.insertCode(tx, {
        purpose,
        email: address,
        codeHash: this.hash(purpose, address, code),
        createdAt: at,
        expiresAt: new Date(at.getTime() + CODE_TTL_MINUTES * 60_000),
      });
      await alsoInTx?.(tx, code);
      return { code, id };
    });
  }

  /**
   * For a request that may or may not be entitled to a code (a sign-in with a right or a wrong password). Entitled:
   * a new code as `issue` makes one, unless one went out within the resend interval (then nothing new: the code
   * already sent stays live). Not entitled: nothing is stored, no code is retired and the resend interval is not
   * used, so such requests, however many, never stand between the entitled one and its code. `alsoInTx` runs in
   * both cases in the same transaction, with `sent` false and a code stored nowhere when none went out, so both
   * cases do about the same work.
   */
  async offer(
    purpose: CodePurpose,
    address: string,
    entitled: boolean,
    alsoInTx: (tx: DbOrTx, code: string, sent: boolean) => Promise<void>,
  ): Promise<void> {
    const code = newCode();
    const at = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      await repo.lockCodeAddress(tx, purpose, address);
      const newest = await repo.newestCode(tx, purpose, address);
      const slotFree = !newest || newest.createdAt.getTime() + CODE_RESEND_MS <= at.getTime();
      if (!entitled || !slotFree) {
        await alsoInTx(tx, newCode(), false);
        return;
      }
      await repo.retireCodes(tx, purpose, address, at);
      await repo.insertCode(tx, {
        purpose,
        email: address,
        codeHash: this.hash(purpose, address, code),
        createdAt: at,
        expiresAt: new Date(at.getTime() + CODE_TTL_MINUTES * 60_000),
      });
      await alsoInTx(tx, code, true);
    });
  }

  /** Forgets a code that was never sent (so it does not count against the resend interval). */
  async remove(id: number): Promise<void> {
    await repo.deleteCode(this.deps.db, id);
  }

  /** Inside `run`'s transaction: uses up the live code of purpose + address if `code` matches it. */
  async check(tx: DbOrTx, purpose: CodePurpose, address: string, code: string): Promise<void> {
    const at = this.deps.now();
    const row = await repo.liveCodeForUpdate(tx, purpose, address, at);
    if (!row) throw new CodeRefused(null);
    if (!safeEqualHex(row.codeHash, this.hash(purpose, address, code))) throw new CodeRefused(row.id);
    if (!(await repo.consumeCode(tx, row.id, at))) throw new CodeRefused(null);
  }

  /**
   * Runs `work` (which calls `check`) in a transaction. A refused code rolls the work back and answers `refused()`;
   * a wrong try is counted in a statement of its own, so the failing request cannot roll the count back with it.
   */
  async run<T>(work: (tx: DbOrTx) => Promise<T>, refused: () => AppError): Promise<T> {
    try {
      return await this.deps.db.transaction(work);
    } catch (err) {
      if (!(err instanceof CodeRefused)) throw err;
      if (err.codeId !== null) {
        await repo.recordWrongAttempt(this.deps.db, err.codeId, CODE_MAX_ATTEMPTS, this.deps.now());
      }
      throw refused();
    }
  }
}
