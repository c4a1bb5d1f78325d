import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Bounded graceful shutdown (issue #31). Every wait of a stopping process has a limit, because an unbounded one
 * turns systemd's stop and a rolling restart into a hang:
 *
 * - Node's `server.close()` (and Fastify's `forceCloseConnections: 'idle'`) closes keep-alive connections that are
 *   between requests, but not a connection that was opened and has not sent a request yet. Browsers open such
 *   connections ahead of need (Chromium's preconnects: Lighthouse's page loads leave some) and may keep them for
 *   minutes; until they go, `close()` never calls back. `trackConnections` knows which sockets carry no request and
 *   closes them at once, then everything left after the grace period.
 * - Running jobs get the same grace period; a handler still running then is left to its lease's release (see
 *   JobQueue.stop), and the process goes on closing.
 * - A last watchdog ends the process with exit code 1 and names the step it was stuck in, whatever else hangs.
 */

export interface ConnectionTracker {
  /** Closes every connection that carries no request now (never sent one, or between two on keep-alive). */
  closeIdle(): number;
  /** Closes every connection, in-flight requests included. */
  closeAll(): number;
  /** Connections open now and how many of them are serving a request. */
  counts(): { open: number; busy: number };
}

export function trackConnections(server: Server): ConnectionTracker {
  const busy = new Map<Socket, number>();
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    busy.set(socket, 0);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  server.on('request', (request: { socket: Socket }, response: ServerResponse) => {
    const { socket } = request;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    response.once('close', () => {
      // Answered during a shutdown, it went out with `Connection: close`: Node ends the connection after it.
      busy.set(socket, (busy.get(socket) ?? 1) - 1);
    });
  });
  const destroy = (onlyIdle: boolean) => {
    let closed = 0;
    for (const socket of sockets) {
      if (onlyIdle && (busy.get(socket) ?? 0) > 0) continue;
      socket.destroy();
      closed++;
    }
    return closed;
  };
  return {
    closeIdle: () => destroy(true),
    closeAll: () => destroy(false),
    counts() {
      let inFlight = 0;
      for (const n of busy.values()) if (n > 0) inFlight++;
      return { open: sockets.size, busy: inFlight };
    },
  };
}

/** Limits of a shutdown, in ms (not configuration: systemd's TimeoutStopSec in deploy/ is set above their sum). */
export const SHUTDOWN_LIMITS = {
  /** In-flight requests and running jobs may finish within this. */
  graceMs: 10_000,
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
    if (app.server.listening) app.server.close();
    connections.closeIdle();
    // Connections open but carrying no request (a browser's preconnect) would hold close() forever: swept meanwhile.
    const sweep = setInterval(() => connections.closeIdle(), 250);
    sweep.unref();
    const force = setTimeout(() => {
      const closed = connections.closeAll();
      if (closed > 0) app.log.warn({ closed }, 'shutdown: grace period over, connections closed');
    }, SHUTDOWN_LIMITS.graceMs);
    force.unref();
    try {
      await app.close();
      app.log.info('shutdown complete');
    } finally {
      clearInterval(sweep);
      clearTimeout(force);
      clearTimeout(watchdog);
    }
  });
}
