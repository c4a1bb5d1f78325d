import type { SandboxDataPath, SandboxRecords, SandboxStore, SandboxTx } from '../../src/sandbox-store';

/**
 * The store port in memory, for the sandboxes' own tests (the server's store over sandbox_records is tested
 * through the server's suite). Transactions take turns (one at a time, which is what every row lock in the
 * sandboxes asks for) and write nothing when they throw. Data is copied in and out as JSON, as a database would.
 */

const copy = <T>(data: T): T => JSON.parse(JSON.stringify(data)) as T;
const id = (kind: string, key: string) => JSON.stringify([kind, key]);

function at(data: unknown, path: SandboxDataPath): unknown {
  let value = data;
  for (const part of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function recordsOver(
  read: (kind: string, key: string) => unknown,
  write: (kind: string, key: string, data: unknown) => void,
  all: () => [kind: string, data: unknown][],
): SandboxRecords {
  return {
    async get<T>(kind: string, key: string) {
      const data = read(kind, key);
      return data === undefined ? undefined : copy(data as T);
    },
    async put(kind, key, data) {
      write(kind, key, copy(data));
    },
    async putOnce(kind, key, data) {
      if (read(kind, key) !== undefined) return false;
      write(kind, key, copy(data));
      return true;
    },
    async append(kind, key, entry) {
      const current = read(kind, key) as { entries?: unknown[] } | undefined;
      write(kind, key, { entries: [...(current?.entries ?? []), copy(entry)] });
    },
    async findBy<T>(kind: string, path: SandboxDataPath, value: string) {
      return all()
        .filter(([k, data]) => k === kind && at(data, path) === value)
        .map(([, data]) => copy(data as T));
    },
  };
}

export interface MemoryStore extends SandboxStore {
  /** Every record of a kind, oldest first (for assertions). */
  dump(kind: string): unknown[];
}

export function memoryStore(): MemoryStore {
  const rows = new Map<string, { kind: string; data: unknown }>();
  let turn: Promise<unknown> = Promise.resolve();

  const base = recordsOver(
    (kind, key) => rows.get(id(kind, key))?.data,
    (kind, key, data) => {
      rows.set(id(kind, key), { kind, data });
    },
    () => [...rows.values()].map((r) => [r.kind, r.data]),
  );

  return {
    ...base,
    dump: (kind) => [...rows.values()].filter((r) => r.kind === kind).map((r) => copy(r.data)),
    transaction<R>(work: (tx: SandboxTx) => Promise<R>): Promise<R> {
      const run = async (): Promise<R> => {
        const written = new Map<string, { kind: string; data: unknown }>();
        const read = (kind: string, key: string) =>
          (written.get(id(kind, key)) ?? rows.get(id(kind, key)))?.data;
        const records = recordsOver(
          read,
          (kind, key, data) => {
            written.set(id(kind, key), { kind, data });
          },
          () => {
            const merged = new Map(rows);
            for (const [k, v] of written) merged.set(k, v);
            return [...merged.values()].map((r) => [r.kind, r.data]);
          },
        );
        const tx: SandboxTx = {
          ...records,
          async lock<T>(kind: string, key: string, initial?: unknown) {
            if (initial !== undefined && read(kind, key) === undefined) await records.put(kind, key, initial);
            return records.get<T>(kind, key);
          },
          async lockBy<T>(kind: string, path: SandboxDataPath, value: string) {
            const [first] = await records.findBy<T>(kind, path, value);
            return first;
          },
        };
        const result = await work(tx);
        for (const [k, v] of written) rows.set(k, v);
        return result;
      };
      const next = turn.then(run);
      turn = next.catch(() => undefined);
      return next;
    },
  };
}
