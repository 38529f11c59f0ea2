import { createAuctionsService } from '../modules/auctions/auctions.service.ts';
import { createBidsService } from '../modules/bids/bids.service.ts';
import type { DemoProducts } from './products.data.ts';
import type { SeedContext } from './seed-context.ts';
import type { DemoUsers } from './users.seed.ts';

/**
 * Demo auctions and bids, made through the services so they obey every rule:
 * vendedor_demo has two active auctions ending 3 and 4½ days from now and one upcoming auction
 * waiting for manual activation; tienda_retro has one active auction; the two buyers have bid.
 * A group of products the products seed did not provide is skipped.
 */
export async function seedAuctions(
  ctx: SeedContext,
  users: DemoUsers,
  products: DemoProducts,
): Promise<void> {
  const auctions = createAuctionsService(ctx);
  const bids = createBidsService(ctx);
  const seller = users.vendedor_demo;
  const store = users.tienda_retro;
  const buyer = users.comprador_demo;
  const collector = users.coleccionista_demo;

  async function activeAuction(
    ownerId: number,
    ids: number[],
    input: { title: string; min_offer: number; max_offer: number; duration: number; is_flash?: boolean },
  ) {
    if (ids.length === 0) return null;
    const created = await auctions.create(ownerId, {
      ...input,
      is_flash: input.is_flash ?? false,
      started_at: null,
      products: ids,
    });
    return auctions.activate(ownerId, created.id);
  }

  async function bidSequence(auctionId: number, productId: number, steps: Array<[number, number]>) {
    for (const [userId, amount] of steps) {
      await bids.place(userId, { auction_id: auctionId, product_id: productId, amount });
    }
  }

  const a = await activeAuction(seller, products.auctionA, {
    title: 'Clásicos Hot Wheels y Matchbox',
    min_offer: 5000,
    max_offer: 0,
    duration: 72,
  });
  if (a) {
    const [first, second] = products.auctionA;
    if (first)
      await bidSequence(a.id, first, [
        [buyer, 50_000],
        [collector, 60_000],
        [buyer, 70_000],
      ]);
    if (second) await bidSequence(a.id, second, [[collector, 35_000]]);
  }

  const b = await activeAuction(seller, products.auctionB, {
    title: 'Autos a escala 1:18 de colección',
    min_offer: 0,
    max_offer: 200_000,
    duration: 108,
    is_flash: true,
  });
  if (b) {
    const [first, second] = products.auctionB;
    if (first)
      await bidSequence(b.id, first, [
        [collector, 30_000],
        [buyer, 45_000],
      ]);
    if (second) await bidSequence(b.id, second, [[buyer, 120_000]]);
  }

  if (products.upcoming.length > 0) {
    await auctions.create(seller, {
      title: 'Próxima subasta: ediciones limitadas',
      min_offer: 10_000,
      max_offer: 0,
      is_flash: false,
      duration: 48,
      started_at: null,
      products: products.upcoming,
    });
  }

  const s = await activeAuction(store, products.storeAuction, {
    title: 'Cartas y vinilos retro',
    min_offer: 10_000,
    max_offer: 500_000,
    duration: 60,
  });
  if (s) {
    const [first] = products.storeAuction;
    if (first)
      await bidSequence(s.id, first, [
        [buyer, 100_000],
        [collector, 120_000],
      ]);
  }
}
