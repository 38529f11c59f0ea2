import { z } from 'zod';

/** Texts of the search screen and call. */
export const searchMessages = {
  emptyTerm: 'No se ha especificado un término de búsqueda',
  termTooLong: 'El término de búsqueda no puede superar 100 caracteres',
  failed: 'Ocurrió un error al buscar. Por favor, inténtalo de nuevo.',
  noResults: 'No se encontraron resultados para tu búsqueda',
} as const;

export const SEARCH_TERM_MAX_LENGTH = 100;
/** At most this many results in each group (users, products, auctions), best first. */
export const SEARCH_GROUP_LIMIT = 20;

// Control characters (NUL above all) can't be stored or compared in PostgreSQL text: they count as spaces.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The search term as typed: control characters become spaces, trimmed, 1 to 100 characters. */
export const SearchTermSchema = z
  .string({ error: searchMessages.emptyTerm })
  // Bounded before any rewriting: a term many times the limit is refused without being scanned.
  .max(SEARCH_TERM_MAX_LENGTH * 10, { error: searchMessages.termTooLong, abort: true })
  .transform((value) => value.replace(CONTROL_CHARACTERS, ' '))
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: searchMessages.emptyTerm })
      .max(SEARCH_TERM_MAX_LENGTH, { error: searchMessages.termTooLong, abort: true }),
  );

export const SearchParamsSchema = z.object({ term: SearchTermSchema });
export type SearchParams = z.infer<typeof SearchParamsSchema>;

export const SearchUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
});
export type SearchUser = z.infer<typeof SearchUserSchema>;

export const SearchProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Thumbnail URL, or null when the product has no image. */
  image: z.string().nullable(),
  description: z.string(),
  /** Category name. */
  category: z.string(),
  can_be_bought: z.boolean(),
  /** Pesos; null when the product can't be bought directly. */
  sell_price: z.number().nullable(),
  /** The upcoming or active auction the product is in, if any. */
  auction_id: z.number().int().nullable(),
});
export type SearchProduct = z.infer<typeof SearchProductSchema>;

export const SearchAuctionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  is_flash: z.boolean(),
  /** The auction's products (first ones), for their thumbnails. */
  products: z.array(z.object({ image: z.string().nullable() })),
  owner: z.object({ username: z.string(), avatar: z.string().nullable() }),
  /** Pesos. */
  min_offer: z.number(),
  /** ISO time; null for an upcoming auction with no start yet. */
  end_time: z.string().nullable(),
});
export type SearchAuction = z.infer<typeof SearchAuctionSchema>;

export const SearchResultSchema = z.object({
  users: z.array(SearchUserSchema),
  products: z.array(SearchProductSchema),
  auctions: z.array(SearchAuctionSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
