import type { AuctionProductPage } from '@app/contracts';

/**
 * A product auction page as the server answers it, for component tests: product 3 of auction 7,
 * owned by user 1, with one bid by 'ana' at the highest amount. Tests say only what they vary.
 */
export function auctionPageFixture(
  race: {
    status?: 'active' | 'ended';
    /** The product's effective end (default: in 3 hours). */
    end?: string;
    outcome?: string | null;
    highest?: number;
    maxOffer?: number;
  } = {},
): AuctionProductPage {
  const end = race.end ?? new Date(Date.now() + 3 * 3600_000).toISOString();
  const highest = race.highest ?? 2000;
  const maxOffer = race.maxOffer ?? 0;
  return {
    auction: {
      id: 7,
      title: 'Subasta',
      status: race.status ?? 'active',
      start_time: new Date().toISOString(),
      is_flash: false,
    },
    products: [
      {
        id: 3,
        auction_id: 7,
        name: 'Auto',
        description: 'Desc',
        image: null,
        images: [],
        thumbnail: null,
        brand: 'Maisto',
        category: 'Autos die-cast',
        scale: '1:18',
        condition: null,
        grading: null,
        year: 2020,
        initial_bid: 0,
        highest_bid: highest,
        current_bid: highest,
        bid_count: 1,
        min_offer: 1000,
        max_offer: maxOffer,
        reserve_price: 10000,
        sell_price: null,
        can_be_bought: false,
        status: 'in_auction',
        outcome: race.outcome ?? null,
        end_time: end,
      },
    ],
    owner: {
      id: 1,
      username: 'vendedor',
      avatar: null,
      reputation: {
        level: 'nuevo',
        period_days: 60,
        sales: 0,
        claims_rate: 0,
        late_shipping_rate: 0,
        cancellation_rate: 0,
      },
    },
    bids: [
      {
        id: 10,
        amount: highest,
        timestamp: new Date().toISOString(),
        username: 'ana',
        avatar: null,
        auto: false,
      },
    ],
    min_offer: 1000,
    max_offer: maxOffer,
    end_time: end,
    server_time: new Date().toISOString(),
  };
}
