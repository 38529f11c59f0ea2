import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { anyHost, checkEndpointUrl, type EndpointRules, safeLookup } from './push-endpoint.ts';
import type { VapidDetails } from './vapid-keys.ts';

export interface PushMessage {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: string;
  /** The push service keeps only the newest undelivered push of one topic for a device: an older one with the same topic is replaced, not delivered too. */
  topic: string | null;
  urgency: 'high' | 'normal';
}

/** What the push service answered: its status, or that it could not be reached in time. */
export type PushOutcome = { status: number } | { error: string };

/** How long a push service keeps a push for a device that is offline (seconds). */
const TTL_SECONDS = 24 * 3600;

/**
 * Sends one push: web-push encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID header
 * (RFC 8292); the request itself is ours, so its socket resolves names through `safeLookup`
 * and the whole exchange is cut off after `timeoutMs`, however slowly the service answers.
 */
export function createPushSender(deps: { vapid: VapidDetails; rules: EndpointRules; timeoutMs: number }) {
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 16, lookup: safeLookup as never });
  const openAgent = new https.Agent({ keepAlive: true, maxSockets: 16 });
  return {
    async send(message: PushMessage, signal: AbortSignal): Promise<PushOutcome> {
      const url = checkEndpointUrl(message.endpoint, deps.rules);
      if (typeof url === 'string') return { error: `endpoint refused: ${url}` };
      const details = webpush.generateRequestDetails(
        { endpoint: message.endpoint, keys: message.keys },
        message.payload,
        {
          vapidDetails: deps.vapid,
          TTL: TTL_SECONDS,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
          ...(message.topic ? { topic: message.topic } : {}),
        },
      );
      const open = anyHost(deps.rules);
      const client = url.protocol === 'http:' ? http : https;
      // http only passes the check when any host is allowed (development).
      const agent = url.protocol === 'http:' ? undefined : open ? openAgent : httpsAgent;
      return new Promise<PushOutcome>((resolve) => {
        const deadline = AbortSignal.any([signal, AbortSignal.timeout(deps.timeoutMs)]);
        const request = client.request(
          url,
          {
            method: 'POST',
            headers: details.headers as http.OutgoingHttpHeaders,
            agent,
            signal: deadline,
          },
          (response) => {
            // The answer's body says nothing we act on; it is read (up to a bound) and dropped.
            let read = 0;
            response.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > 64 * 1024) response.destroy();
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
            response.on('error', () => resolve({ status: response.statusCode ?? 0 }));
          },
        );
        request.on('error', (err) =>
          resolve({ error: deadline.aborted ? 'push service did not answer in time' : err.message }),
        );
        request.end(details.body);
      });
    },
    close() {
      httpsAgent.destroy();
      openAgent.destroy();
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
