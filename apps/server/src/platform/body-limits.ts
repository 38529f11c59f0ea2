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
   * Routes whose whole input is their path (watchlist, logout): the body is not read, but what a
   * generic client sends anyway (`{}`, `null`) fits.
   */
  none: 1024,
} as const;
