import { randomUUID } from 'node:crypto';
import { insertAuction } from '../factories/auctions.ts';
import { insertUser, insertUserWithToken } from '../factories/users.ts';
import { startTestApp, type TestApp } from './build-app.ts';
import { REDIS_TARGET } from './dependencies.ts';
import { type FaultProxy, startFaultProxy } from './fault-proxy.ts';

export interface TwoProcesses {
  /** Stands between both apps and Redis: cuts or stalls it. */
  proxy: FaultProxy;
  a: TestApp;
  b: TestApp;
  /** Two logged-in bidders. */
  bidders: { token: string }[];
  auctionId: number;
  productIds: number[];
  close(): Promise<void>;
}

/**
 * Two server processes (two app instances) on one PostgreSQL database, reaching Redis through a
 * proxy that can cut it, with a running auction of a seller of their own. Each run gets its own
 * channel namespace, so other test files and runs on the same Redis never see its messages.
 */
export async function startTwoProcesses(options: {
  namespace: string;
  productCount: number;
  title?: string;
  env?: Record<string, string>;
}): Promise<TwoProcesses> {
  const proxy = await startFaultProxy(REDIS_TARGET);
  const env = {
    ...options.env,
    REDIS_URL: `redis://127.0.0.1:${proxy.port}?namespace=${options.namespace}-${randomUUID()}`,
  };
  // What has started is stopped again when a later step fails: the caller has nothing to close.
  const started: Array<{ close(): Promise<void> }> = [proxy];
  const closeStarted = () => Promise.all(started.reverse().map((s) => s.close()));
  try {
    const a: TestApp & { databaseUrl?: string } = await startTestApp({ env });
    started.push(a);
    const b = await startTestApp({ env, sharedDatabaseUrl: a.databaseUrl });
    started.push(b);
    const seller = await insertUser(a.ctx.db, { is_seller: true });
    const bidders = [await insertUserWithToken(a), await insertUserWithToken(a)];
    const { auction, products } = await insertAuction(a.ctx.db, seller.id, {
      now: a.ctx.clock.now(),
      ...(options.title ? { title: options.title } : {}),
      productCount: options.productCount,
    });
    return {
      proxy,
      a,
      b,
      bidders,
      auctionId: auction.id,
      productIds: products.map((p) => p.id),
      async close() {
        await Promise.all([a.close(), b.close()]);
        await proxy.close();
      },
    };
  } catch (error) {
    await closeStarted();
    throw error;
  }
}
