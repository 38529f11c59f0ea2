import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/build-app.ts';

/**
 * A client that keeps its connections open after its answers (a proxy, a load test, a browser)
 * must not hold the server's close: the drain of a burst of bids outlived 10 s when it did. The
 * close itself ends the connections idle when it begins; these are the ones busy then.
 */
describe('closing with kept-alive connections', () => {
  it('closes a connection once its request in flight is answered, with Connection: close', async () => {
    const t = await startTestApp();
    const agent = new http.Agent({ keepAlive: true });
    try {
      const body = JSON.stringify({ email: 'nadie@example.com', password: 'una-clave-cualquiera' });
      const request = http.request(`${t.url}/api/users/login`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
        request.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res));
        });
        request.on('error', reject);
      });
      // Half the body is there when the close begins: the request is in flight.
      await new Promise<void>((resolve) => request.write(body.slice(0, 10), () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const startedAt = Date.now();
      const closing = t.close();
      request.end(body.slice(10));
      const answer = await answered;
      expect(answer.statusCode).toBe(401);
      expect(answer.headers.connection).toBe('close');
      await closing;
      // Fastify keeps an answered connection open 72 s; the close waited as long for it.
      expect(Date.now() - startedAt).toBeLessThan(5_000);
    } finally {
      agent.destroy();
    }
  });
});
