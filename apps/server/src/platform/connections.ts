import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { commonErrorCodes, commonMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { errorBody } from './errors.ts';

/* The HTTP server's connections: how long a request may take, which proxies are trusted, what a
 * request Node refuses is answered, and how kept-alive connections end when the server closes. */

/**
 * A request (headers and body) must have arrived whole within this time, or it is answered 408
 * and its connection closed: otherwise a client trickling a body byte by byte would hold a
 * connection, and its memory, for ever. Two minutes still lets a phone on a slow network send a
 * 5 MB photo.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * A hop count trusts that many proxies nearest to us (Fastify's own rule for a number, written
 * out because its types only take a function); a list trusts those addresses.
 */
export function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * Requests Node refuses before Fastify sees them (headers or URL too long, a timed-out or
 * malformed request) get the same Spanish `{message, code}` body as every other error.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, commonErrorCodes.tooLarge, commonMessages.tooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, commonErrorCodes.requestTimeout, commonMessages.requestTimeout]
        : [400, commonErrorCodes.invalidInput, commonMessages.invalidInput];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * While the server closes, a kept-alive connection is closed as soon as its request is answered:
 * the server's close ends only the connections idle at that moment, and waits for the others,
 * which a client keeps open after its answer (72 s by Fastify's keep-alive default). A burst of
 * bids from a long-lived client (a proxy, a load test) otherwise held the drain until it was cut.
 * Answers sent meanwhile say `Connection: close`, so clients do not send another request on a
 * connection about to close; connections that go idle anyway are closed within 100 ms.
 */
export function closeKeptAliveConnectionsOnClose(app: FastifyInstance) {
  let closing: NodeJS.Timeout | undefined;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    closing = setInterval(() => app.server.closeIdleConnections(), 100);
    closing.unref();
  });
  app.addHook('onClose', async () => clearInterval(closing));
}
