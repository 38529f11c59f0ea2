import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pause } from '../support/dependencies.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';

/** The fault proxy itself, against a local echo server: what the outage tests rely on. */
describe('fault proxy', () => {
  let echo: net.Server;
  let proxy: FaultProxy;

  beforeAll(async () => {
    echo = net.createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    proxy = await startFaultProxy({ host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  function connect(): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
    return new Promise((resolve, reject) => {
      let data = '';
      const socket = net.connect({ host: '127.0.0.1', port: proxy.port });
      socket.on('data', (chunk) => {
        data += chunk;
      });
      const closed = new Promise<void>((done) => socket.on('close', () => done()));
      socket.once('connect', () => resolve({ socket, received: () => data, closed }));
      socket.once('error', reject);
    });
  }

  it('forwards both ways when open', async () => {
    const c = await connect();
    c.socket.write('hola');
    await expect.poll(c.received).toBe('hola');
    c.socket.destroy();
  });

  it('cut destroys open connections and refuses new ones; restore accepts again', async () => {
    const c = await connect();
    await proxy.cut();
    await c.closed;
    await expect(connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await proxy.restore();
    const again = await connect();
    again.socket.write('otra vez');
    await expect.poll(again.received).toBe('otra vez');
    again.socket.destroy();
  });

  it('stall holds bytes on open and new connections; restore delivers them', async () => {
    const open = await connect();
    proxy.stall();
    const fresh = await connect();
    open.socket.write('uno');
    fresh.socket.write('dos');
    await pause(200);
    expect(open.received()).toBe('');
    expect(fresh.received()).toBe('');
    await proxy.restore();
    await expect.poll(open.received).toBe('uno');
    await expect.poll(fresh.received).toBe('dos');
    open.socket.destroy();
    fresh.socket.destroy();
  });
});
