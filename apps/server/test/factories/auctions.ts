import type { Insertable } from 'kysely';
import WebSocket from 'ws';
import type { Database } from '../../src/platform/db.ts';
import type { AuctionStatus, ProductsTable } from '../../src/platform/db-schema.ts';
import { insertProduct } from './products.ts';

const HOUR = 3600 * 1000;

/**
 * Inserts an auction with `productCount` new products of `ownerId`, straight into the database.
 * Money in centavos like the tables; times relative to `now` (the app's clock).
 */
export async function insertAuction(
  db: Database,
  ownerId: number,
  options: {
    now: Date;
    status?: AuctionStatus;
    title?: string;
    productCount?: number;
    product?: Partial<Insertable<ProductsTable>>;
    minOffer?: number;
    maxOffer?: number;
    durationHours?: number;
    startTime?: Date | null;
    endTime?: Date | null;
  },
) {
  const status = options.status ?? 'active';
  const duration = options.durationHours ?? 24;
  const start =
    options.startTime !== undefined ? options.startTime : status === 'upcoming' ? null : options.now;
  const end =
    options.endTime !== undefined
      ? options.endTime
      : start
        ? new Date(start.getTime() + duration * HOUR)
        : null;
  const auction = await db
    .insertInto('auctions')
    .values({
      owner_id: ownerId,
      title: options.title ?? 'Subasta de prueba',
      status,
      min_offer: options.minOffer ?? 0,
      max_offer: options.maxOffer ?? 0,
      duration_hours: duration,
      start_time: start,
      end_time: end,
      created_at: options.now,
      updated_at: options.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const products = [];
  for (let i = 0; i < (options.productCount ?? 2); i++) {
    const product = await insertProduct(db, ownerId, {
      name: `Producto ${auction.id}-${i + 1}`,
      status: 'in_auction',
      auction_id: auction.id,
      ...options.product,
    });
    await db
      .insertInto('auction_products')
      .values({ auction_id: auction.id, product_id: product.id })
      .execute();
    products.push(product);
  }
  return { auction, products };
}

/**
 * A WebSocket client that records every JSON message it receives: a product channel's
 * `subscribed` greeting apart (`greetings`), everything else in `messages`.
 */
export async function openSocket(url: string) {
  const socket = new WebSocket(url);
  const messages: any[] = [];
  const greetings: any[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message?.message === 'subscribed') greetings.push(message);
    else messages.push(message);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return {
    socket,
    messages,
    greetings,
    closed,
    /** The product channel's greeting: its subscription is in force from then on. */
    async subscribed(timeoutMs = 3000): Promise<{ message: 'subscribed'; bid_count: number }> {
      const deadline = Date.now() + timeoutMs;
      while (greetings.length === 0) {
        if (Date.now() > deadline) throw new Error('no subscribed greeting');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return greetings[0];
    },
    /** Waits until a message matching `match` has arrived (or fails after `timeoutMs`). */
    async waitFor(match: (m: any) => boolean, timeoutMs = 3000): Promise<any> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      socket.close();
      return closed;
    },
  };
}

export const wsUrl = (httpUrl: string, path: string) => httpUrl.replace(/^http/, 'ws') + path;

/** The user's notifications socket, authenticated by its first message as a browser does. */
export async function openNotificationsSocket(baseUrl: string, token: string) {
  const socket = await openSocket(wsUrl(baseUrl, '/api/notifications/ws'));
  socket.socket.send(JSON.stringify({ type: 'auth', token }));
  return socket;
}
