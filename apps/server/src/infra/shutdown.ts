import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Bounded graceful shutdown (issue #31). Every wait of a stopping process has a limit, because an unbounded one
 * turns systemd's stop and a rolling restart into a hang:
 *
 * - Node's `server.close()` (and Fastify's `forceCloseConnections: 'idle'`) closes keep-alive connections that are
 *   between requests, but not a connection that was opened and has not sent a request yet. Browsers open such
 *   connections ahead of need (Chromium's preconnects: Lighthouse's page loads leave some) and may keep them for
 *   minutes (Node 20 and 24 alike: one such connection held close() for over 200 s); until they go, `close()` never
 *   calls back. `trackConnections` knows which sockets never sent a request and closes them at once, the rest once
 *   the process has been quiet (`quietMs`), everything left after the grace period.
 * - Running jobs get the same grace period; a handler still running then is left to its lease's release (see
 *   JobQueue.stop), and the process goes on closing.
 * - A last watchdog ends the process with exit code 1 and names the step it was stuck in, whatever else hangs.
 */

export interface ConnectionTracker {
  /** Closes every connection that never sent a request (a browser's preconnect): nothing can be in flight on it. */
  closeUnused(): number;
  /** Closes every connection, in-flight requests included. */
  closeAll(): number;
  /** Connections open now, how many are serving a request, and when the last request began (ms, Date.now()). */
  counts(): { open: number; busy: number; lastRequestAt: number };
}

export function trackConnections(server: Server): ConnectionTracker {
  /** Requests in flight per connection; a connection not in `used` never sent one. */
  const busy = new Map<Socket, number>();
  const used = new WeakSet<Socket>();
  let lastRequestAt = 0;
  server.on('connection', (socket: Socket) => {
    busy.set(socket, 0);
    socket.once('close', () => busy.delete(socket));
  });
  server.on('request', (request: { socket: Socket }, response: ServerResponse) => {
    const { socket } = request;
    used.add(socket);
    lastRequestAt = Date.now();
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    response.once('close', () => {
      // Answered during a shutdown, it went out with `Connection: close`: Node ends the connection after it.
      if (busy.has(socket)) busy.set(socket, (busy.get(socket) ?? 1) - 1);
    });
  });
  const destroy = (which: (socket: Socket) => boolean) => {
    let closed = 0;
    for (const socket of busy.keys()) {
      if (!which(socket)) continue;
      socket.destroy();
      closed++;
    }
    return closed;
  };
  return {
    closeUnused: () => destroy((socket) => !used.has(socket)),
    closeAll: () => destroy(() => true),
    counts() {
      let inFlight = 0;
      for (const n of busy.values()) if (n > 0) inFlight++;
      return { open: busy.size, busy: inFlight, lastRequestAt };
    },
  };
}

/** Limits of a shutdown, in ms (not configuration: systemd's TimeoutStopSec in deploy/ is set above their sum). */
export const SHUTDOWN_LIMITS = {
  /** In-flight requests and running jobs may finish within this. */
  graceMs: 10_000,
  /**
   * After SIGTERM, the HTTP side is done once no request is in flight and none began for this long: a proxy's
   * pooled connections have then each carried their last request (answered with `Connection: close`), and the
   * proxy, refused on a new connection, sends to the other processes.
   */
  quietMs: 1_000,
  /** After this the process exits with code 1 whatever it still waits for. */
  watchdogMs: 25_000,
} as const;

/** Resolves with the promise's value, or with `fallback` once `ms` have passed (the promise is then left to itself). */
export async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops the web process (SIGTERM): the listener closes at once (a proxy's new connections are refused and go to
     * another process), requests in flight and those arriving on connections already open are answered with
     * `Connection: close`, the jobs stop, then the database closes; each step within SHUTDOWN_LIMITS, and past the
     * watchdog the process exits with code 1 after logging the step it was stuck in.
     */
    gracefulStop(signal: string): Promise<void>;
  }
}

/** net.Server's close: stops accepting, leaves open connections alone (see gracefulStop). */
const netServerClose = NetServer.prototype.close;

export function registerGracefulStop(app: FastifyInstance): void {
  const connections = trackConnections(app.server);
  let stopping = false;
  let step = 'running';
  app.addHook('onRequest', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    step = 'waiting for running jobs';
  });
  app.addHook('onClose', async () => {
    step = 'closing the database';
  });
  app.decorate('gracefulStop', async (signal: string) => {
    stopping = true;
    const started = Date.now();
    const watchdog = setTimeout(() => {
      app.log.error({ step, ...connections.counts() }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, SHUTDOWN_LIMITS.watchdogMs);
    watchdog.unref();
    app.log.info(
      { signal, ...connections.counts() },
      'shutting down: no new connections, finishing requests in flight',
    );
    step = 'finishing requests in flight';
    // Stop accepting only. http.Server's own close() would also close the keep-alive connections between two
    // requests at once, and a proxy that picks one of them at that moment gets a reset for a request it sent: a
    // 502 for a POST, which nginx does not retry. Those connections instead carry their next request, answered with
    // `Connection: close` (the onRequest hook above), or are closed once the process has been quiet.
    const stopped = new Promise<void>((resolve) => {
      if (!app.server.listening) resolve();
      else netServerClose.call(app.server, () => resolve());
    });
    try {
      for (;;) {
        connections.closeUnused();
        const { open, busy, lastRequestAt } = connections.counts();
        const now = Date.now();
        if (open === 0) break;
        if (busy === 0 && now - Math.max(lastRequestAt, started) >= SHUTDOWN_LIMITS.quietMs) {
          connections.closeAll();
          break;
        }
        if (now - started >= SHUTDOWN_LIMITS.graceMs) {
          const closed = connections.closeAll();
          app.log.warn({ closed }, 'shutdown: grace period over, connections closed');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await within(stopped, SHUTDOWN_LIMITS.graceMs, undefined);
      // Then the jobs (preClose), the database and the rest (onClose): nothing of HTTP is left to use them.
      await app.close();
      app.log.info('shutdown complete');
    } finally {
      clearTimeout(watchdog);
    }
  });
}
