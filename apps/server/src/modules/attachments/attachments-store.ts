import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Uploaded files on disk under DATA_DIR/uploads/<type>/<32 random hex>.<ext>. The client's file name is never
 * used. Reads resolve the real path (symlinks included) and refuse anything outside the uploads folder, as a
 * second line behind the strict file_path pattern the service checks first.
 */
export type ReadResult = { kind: 'ok'; bytes: Buffer } | { kind: 'missing' } | { kind: 'outside' };

export class UploadStore {
  constructor(private readonly root: string) {}

  /** Writes `bytes` under a fresh random name; returns the path relative to the uploads folder (`type/name.ext`). */
  async save(folder: string, ext: string, bytes: Uint8Array): Promise<string> {
    const dir = path.join(this.root, folder);
    await fs.mkdir(dir, { recursive: true });
    const relative = `${folder}/${randomBytes(16).toString('hex')}.${ext}`;
    // 'wx': never overwrite, even in the (2^-128) case of a repeated name.
    await fs.writeFile(path.join(this.root, relative), bytes, { flag: 'wx', mode: 0o644 });
    return relative;
  }

  async read(relative: string): Promise<ReadResult> {
    let root: string;
    try {
      root = await fs.realpath(this.root);
    } catch {
      return { kind: 'missing' };
    }
    const inside = (p: string) => p.startsWith(`${root}${path.sep}`);
    const wanted = path.resolve(root, relative);
    if (!inside(wanted)) return { kind: 'outside' };
    let real: string;
    try {
      real = await fs.realpath(wanted);
    } catch {
      return { kind: 'missing' };
    }
    if (!inside(real)) return { kind: 'outside' };
    try {
      const stat = await fs.stat(real);
      if (!stat.isFile()) return { kind: 'missing' };
      return { kind: 'ok', bytes: await fs.readFile(real) };
    } catch {
      return { kind: 'missing' };
    }
  }
}
