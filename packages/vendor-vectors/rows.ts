/**
 * Reading the vectors in tests: the same few lines on both sides of each protocol (the shop's client and the
 * sandbox), so each test says only which formula it checks. Reads the data, computes nothing.
 */

export type VectorFields = Record<string, unknown>;

export interface Vector {
  kind: string;
  name: string;
  input: unknown;
  output: unknown;
}

/** A vector field that must be a string (a number or a missing field is a broken vector, not a test result). */
export function text(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`vector field is not a string: ${String(value)}`);
  return value;
}

/** The vectors of one kind as `it.each` rows: `[name, input, output]`. */
export function rowsOf(
  list: readonly Vector[],
  kind: string,
): Array<readonly [string, VectorFields, VectorFields]> {
  const rows = list
    .filter((v) => v.kind === kind)
    .map((v) => [v.name, v.input as VectorFields, v.output as VectorFields] as const);
  if (rows.length === 0) throw new Error(`no vectors of kind ${kind}`);
  return rows;
}

/** The named string fields of a vector's input, and nothing else. */
export function pick<K extends string>(input: VectorFields, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, text(input[key])])) as Record<K, string>;
}
