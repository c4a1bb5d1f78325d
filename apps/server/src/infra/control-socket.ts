import { promises as fs } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';

/**
 * The embedded database belongs to the one process that holds DATA_DIR (data-dir.ts); `npm run backup` reaches its
 * files through that process, over a Unix socket in DATA_DIR (issue #31). The socket file is the owner's only (mode
 * 0600): whoever may open it may read DATA_DIR anyway. One request a connection: the client writes `dump\n`, the
 * server answers the database's files (gzipped tar) and closes; on a failure it closes without a byte.
 */
const SOCKET = 'control.sock';
const DUMP = 'dump\n';

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET);
}

export async function openControlSocket(
  dataDir: string,
  dump: () => Promise<Uint8Array>,
  onError: (err: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const file = controlSocketPath(dataDir);
  // This process holds the data dir's lock, so a socket file left here is a dead process's.
  await fs.rm(file, { force: true });
  const server: Server = createServer((socket) => {
    let asked = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      asked += chunk;
      if (asked.length > DUMP.length) socket.destroy();
      if (asked !== DUMP) return;
      dump().then(
        (bytes) => socket.end(bytes),
        (err: unknown) => {
          onError(err);
          socket.destroy();
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  await fs.chmod(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void fs.rm(file, { force: true });
      }),
  };
}

/** The embedded database's files from the process running on `dataDir`; null when no process answers there. */
export function requestDump(dataDir: string): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    const chunks: Buffer[] = [];
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write(DUMP);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(null);
      else reject(err);
    });
    socket.on('close', () => {
      if (!connected) return;
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0)
        reject(new Error('the running server could not dump its database (see its log)'));
      else resolve(new Uint8Array(bytes));
    });
  });
}
