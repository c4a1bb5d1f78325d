/** Types of precompress.mjs, for its test. */
export const COMPRESSIBLE: RegExp;
export const MIN_BYTES: number;
export function isCompressed(file: string, bytes: number): boolean;

export interface TCompressedFile {
  /** Relative to the folder, with `/`. */
  file: string;
  bytes: number;
  /** Size of the written `.br`, or null when none was written (it would not be smaller). */
  br: number | null;
  /** Size of the written `.gz`, or null when none was written. */
  gz: number | null;
}

export function brotliBytes(data: Uint8Array): Promise<Buffer>;
export function gzipBytes(data: Uint8Array): Promise<Buffer>;
export function precompress(dir: string, options?: { concurrency?: number }): Promise<TCompressedFile[]>;
