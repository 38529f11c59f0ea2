import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on this machine, playing the browser's side too: each device has its own ECDH
 * key pair and auth secret (as a browser makes them), and every push it receives is checked the
 * way a real push service and browser would — the VAPID JWT's ES256 signature against the key in
 * the header (RFC 8292), its audience and expiry — and decrypted (RFC 8291, aes128gcm) with
 * node:crypto alone. A push that fails any check is recorded as invalid and answered 400.
 */
interface ReceivedPush {
  device: string;
  payload: { title: string; body: string; url: string };
  vapidKey: string;
  headers: http.IncomingHttpHeaders;
}

export interface PushDeviceKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

type Behaviour = 'accept' | 'gone' | 'stall' | 'error';

const b64 = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** The raw 65-byte public point as a key node:crypto verifies with. */
function publicKeyOf(raw: Buffer) {
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: 'jwk',
  });
}

function checkVapid(authorization: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKeyOf(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString());
  if (head.alg !== 'ES256') throw new Error(`VAPID alg ${head.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString());
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud}, expected ${origin}`);
  const now = Date.now() / 1000;
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) throw new Error(`VAPID exp ${body.exp}`);
  if (!/^(mailto:|https:)/.test(body.sub ?? '')) throw new Error(`VAPID sub ${body.sub}`);
  return key;
}

/** A Web Push payload: one aes128gcm record (salt, record size, the sender key, then the ciphertext), its plaintext ended by a 0x02 delimiter before any padding. */
function decrypt(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const prkKey = hmac(device.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startPushSink() {
  const devices = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; behaviour: Behaviour }
  >();
  const received: ReceivedPush[] = [];
  const invalid: string[] = [];
  const stalled = new Set<http.ServerResponse>();
  let arrived: () => void = () => {};

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent(request.url?.replace(/^\/push\//, '') ?? '');
      const device = devices.get(name);
      if (!device) return void response.writeHead(404).end();
      if (device.behaviour === 'stall') {
        stalled.add(response);
        arrived();
        return;
      }
      if (device.behaviour === 'gone') return void response.writeHead(410).end();
      if (device.behaviour === 'error') return void response.writeHead(503).end();
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!request.headers.ttl) throw new Error('no TTL');
        const vapidKey = checkVapid(request.headers.authorization, origin);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device));
        received.push({ device: name, payload, vapidKey, headers: request.headers });
        response.writeHead(201).end();
      } catch (err) {
        invalid.push(`${name}: ${(err as Error).message}`);
        response.writeHead(400).end();
      }
      arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    invalid,
    /** A new device (browser profile) with its keys, as `PushSubscription.toJSON()` gives them. */
    device(name: string, behaviour: Behaviour = 'accept'): PushDeviceKeys {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, behaviour });
      return {
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
      };
    },
    setBehaviour(name: string, behaviour: Behaviour) {
      devices.get(name)!.behaviour = behaviour;
    },
    to: (name: string) => received.filter((push) => push.device === name),
    stalledCount: () => stalled.size,
    /** Cuts the stalled requests off (as a push service that went away). */
    dropStalled() {
      for (const response of stalled) response.socket?.destroy();
      stalled.clear();
    },
    /** Resolves once `condition` holds, checked as each push arrives (bounded). */
    async until(condition: () => boolean, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error('the push sink did not see what was expected in time');
        await new Promise<void>((resolve) => {
          arrived = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
    async stop() {
      for (const response of stalled) response.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushSink = Awaited<ReturnType<typeof startPushSink>>;
