import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.ts';

/** The catalog: products with their taxonomy and images, search documents, questions, watchlists. */

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  icon: string;
}

export interface BrandsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
}

export interface ScalesTable {
  id: Generated<number>;
  name: string;
}

export interface ImagesTable {
  id: string;
  full_data: Uint8Array;
  thumb_data: Uint8Array;
  content_type: string;
  width: number;
  height: number;
  created_at: CreatedAt;
}

/** A product's photos in order; the first is the cover, which `products.image_id` also names. */
export interface ProductImagesTable {
  image_id: string;
  product_id: number;
  position: number;
  created_at: CreatedAt;
}

type ProductStatus = 'available' | 'in_auction' | 'sold' | 'shipped' | 'delivered' | 'cancelled';

export interface ProductsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string;
  tags: string | null;
  year: number;
  image_id: string | null;
  reserve_price: number;
  base_price: number | null;
  can_be_bought: Generated<boolean>;
  sell_price: number | null;
  category_id: number;
  brand_id: number;
  scale_id: number | null;
  condition: string | null;
  grading_company: string | null;
  /** numeric(3,1): the drivers answer a string. */
  grading_grade: number | null;
  grading_certificate: string | null;
  status: Generated<ProductStatus>;
  auction_id: number | null;
  /** Taken down by an operator (status `cancelled`): gone for everyone but its owner and operators. */
  taken_down_at: Timestamp | null;
  takedown_reason: string | null;
  /** When it last became buyable as buy-now (created, or back from an auction); null for old rows. */
  available_since: Timestamp | null;
  /** Offers below sell_price, and the owner's private automatic prices (migration 2026-12-01T1600). */
  accepts_offers: Generated<boolean>;
  auto_accept_price: number | null;
  auto_decline_price: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Normalized search document of each product, kept by triggers (migration T0500). Read-only for modules. */
export interface ProductSearchTable {
  product_id: number;
  /** Copy of products.status. */
  status: ProductStatus;
  search_name: string;
  search_text: string;
}

/** Normalized search document of each user, kept by triggers (migration 2026-11-27T1130). Read-only for modules. */
export interface UserSearchTable {
  user_id: number;
  /** The username. */
  search_name: string;
  /** Username and bio. */
  search_text: string;
}

/** Normalized title of each auction, kept by triggers (migration 2026-11-27T1130). Read-only for modules. */
export interface AuctionSearchTable {
  auction_id: number;
  search_name: string;
}

/** Distinct words of all searchable texts, for typo lookup (migration T0500). Read-only for modules. */
export interface SearchWordsTable {
  word: string;
  key: string;
}

/** Public questions on a listing, answered once by the product's owner (migration 2026-11-26T0500). */
export interface QuestionsTable {
  id: Generated<number>;
  product_id: number;
  seller_id: number;
  asker_id: number;
  text: string;
  created_at: CreatedAt;
  answer_text: string | null;
  answered_at: Timestamp | null;
  hidden_at: Timestamp | null;
}

/**
 * Buyers a seller refuses: no bids, purchases, offers or questions on the seller's products
 * (migration 2026-12-01T1500, which renamed the questions' block list to this).
 */
export interface SellerBlocksTable {
  seller_id: number;
  blocked_user_id: number;
  created_at: CreatedAt;
}

export interface WatchlistTable {
  user_id: number;
  product_id: number;
  created_at: CreatedAt;
  /** The auction whose ending_soon warning this watcher already got (once per auction). */
  ending_soon_auction_id: number | null;
}
