/**
 * Request body limits, fitted to what each route takes: a body can only be as large as its
 * largest valid form, so nobody makes the server read and parse megabytes it will refuse anyway.
 * Routes that take more (the product image upload, Bold's webhook) set their own.
 */
export const bodyLimits = {
  /** Every route unless it says otherwise: profile texts, addresses, bank accounts, auctions. */
  default: 32 * 1024,
  /** A handful of short fields: login, change-password, a bid, the test clock. */
  small: 4 * 1024,
  /** Product texts (a 5,000-character description, JSON-escaped at worst 6 bytes a character). */
  productText: 64 * 1024,
  /**
   * Routes whose whole input is their path (follow, unfollow): any real body is refused. Fastify
   * takes no 0 here, and one byte holds no body worth reading.
   */
  none: 1,
} as const;
