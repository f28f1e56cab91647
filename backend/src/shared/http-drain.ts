import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export interface DrainTimes {
  /**
   * How long a connection idle when closing begins stays open: a visitor's next request may already be on its
   * way, and it is answered (the last on that connection) rather than cut.
   */
  idleGraceMs: number;
  /** Past this, connections still open are cut, whatever they are doing. */
  deadlineMs: number;
}

export const DEFAULT_DRAIN_TIMES: DrainTimes = { idleGraceMs: 250, deadlineMs: 2_000 };

const CURRENT = Symbol('current response');
const CLOSING = Symbol('closing');
type Connection = Socket & { [CURRENT]?: ServerResponse; [CLOSING]?: true };
/** Set on a server whose request observer calls trackResponse for every request (see observeRequests). */
const TRACKED = Symbol('responses tracked');

/**
 * The drain's bookkeeping for one request, first thing when it arrives (before whichever listener answers it):
 * the connection's current response, and `Connection: close` on it once the server is closing.
 */
export function trackResponse(request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket as Connection;
  socket[CURRENT] = response;
  if (socket[CLOSING]) response.setHeader('Connection', 'close');
}

/** Says that `server`'s request observer tracks every response itself: drainOnClose then adds no listener of its own. */
export function tracksResponses(server: Server): void {
  (server as Server & { [TRACKED]?: true })[TRACKED] = true;
}

/**
 * Closes an HTTP server without failing a request: it stops taking connections at once, answers the requests
 * in flight, and ends each keep-alive connection right after its current answer (`Connection: close`), idle
 * ones after `idleGraceMs`. Every answer finished while closing says `Connection: close`, whichever request
 * listener wrote it (the hot paths answered before Express included). Resolves once every connection is gone,
 * at the latest at `deadlineMs`, when the stragglers are cut.
 *
 * Install it before the server listens; call the returned function to close.
 */
export function drainOnClose(server: Server, times: DrainTimes = DEFAULT_DRAIN_TIMES): () => Promise<void> {
  const connections = new Set<Connection>();
  let closing: Promise<void> | null = null;

  server.on('connection', (socket: Connection) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // First of the request listeners: it sees every request before whichever listener answers it. The API's
  // request observer does this itself, in its one listener (see observeRequests).
  if (!(server as Server & { [TRACKED]?: true })[TRACKED]) server.prependListener('request', trackResponse);

  const busy = (socket: Connection) => {
    const response = socket[CURRENT];
    return response !== undefined && !response.writableFinished;
  };
  // A request that arrives meanwhile keeps the connection: its answer closes it.
  const closeIfStillIdle = (socket: Connection) =>
    setTimeout(() => {
      if (!busy(socket)) socket.destroy();
    }, times.idleGraceMs);

  return () => {
    closing ??= new Promise<void>((resolve) => {
      const cut = setTimeout(() => {
        for (const socket of connections) socket.destroy();
        resolve();
      }, times.deadlineMs);
      // net.Server's close, not http.Server's: that one also cuts the idle connections at once, and with them
      // any request already on its way over one of them.
      NetServer.prototype.close.call(server, () => {
        clearTimeout(cut);
        resolve();
      });
      for (const socket of connections) {
        socket[CLOSING] = true;
        const response = socket[CURRENT];
        if (!busy(socket)) closeIfStillIdle(socket);
        else if (!response!.headersSent) response!.setHeader('Connection', 'close');
        // Its headers went out saying keep-alive: the connection is idle once this answer is finished.
        else response!.once('finish', () => closeIfStillIdle(socket));
      }
    });
    return closing;
  };
}
