/**
 * Every cache key of the web app, in one tree. Features that read the same answer share a key
 * (the profile, the seller check), and invalidating a branch (`queryKeys.auctions.all`) reaches
 * every query under it. Each API file builds its `queryOptions` from these keys and keeps the
 * cache writes of its calls beside them, so components never spell a key.
 */
export const queryKeys = {
  admin: {
    all: ['admin'] as const,
    access: ['admin', 'access'] as const,
    stats: (days: number) => ['admin', 'stats', days] as const,
    payoutList: (status: string, page: number) => ['admin', 'payouts', { status, page }] as const,
    reportList: (status: string, page: number) => ['admin', 'reports', { status, page }] as const,
    userList: (query: string, page: number) => ['admin', 'users', { query, page }] as const,
    audit: (page: number) => ['admin', 'audit', page] as const,
    claimList: (status: string, page: number) => ['admin', 'claims', { status, page }] as const,
    refundList: (status: string, page: number) => ['admin', 'refunds', { status, page }] as const,
  },
  claims: {
    detail: (id: number) => ['claims', 'detail', id] as const,
    context: (id: number) => ['claims', 'context', id] as const,
  },
  auctions: {
    all: ['auctions'] as const,
    lists: ['auctions', 'list'] as const,
    list: (search: string) => ['auctions', 'list', { search }] as const,
    own: ['auctions', 'seller'] as const,
    ownList: (search: string) => ['auctions', 'seller', { search }] as const,
    productPage: (productId: string) => ['auctions', 'product', productId] as const,
    products: (auctionId: string) => ['auctions', 'products', auctionId] as const,
    bySeller: (sellerId: number) => ['auctions', 'by-seller', sellerId] as const,
    selectedProducts: (ids: number[]) => ['auctions', 'selected-products', ids] as const,
  },
  bids: {
    ceiling: (auctionId: number, productId: number) => ['bids', 'max', auctionId, productId] as const,
  },
  catalog: {
    browse: (query: Record<string, string | number>) => ['catalog', 'browse', query] as const,
    sold: (productId: number) => ['catalog', 'sold', productId] as const,
  },
  referenceData: {
    categories: ['reference-data', 'categories'] as const,
    brands: (categoryId: number | null) => ['reference-data', 'brands', categoryId] as const,
    scales: ['reference-data', 'scales'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    lists: ['notifications', 'list'] as const,
    list: (unreadOnly: boolean) => ['notifications', 'list', { unreadOnly }] as const,
    unreadCount: ['notifications', 'unread'] as const,
  },
  payments: {
    banks: ['payments', 'banks'] as const,
    documentTypes: ['payments', 'document-types'] as const,
    won: ['payments', 'won'] as const,
    bankAccount: ['payments', 'bank-account'] as const,
    payouts: ['payments', 'payouts'] as const,
    payout: (id: string | null) => ['payments', 'payout', id] as const,
    verify: (paymentId: string | null) => ['payments', 'verify', paymentId] as const,
  },
  products: {
    all: ['products'] as const,
    marketplace: ['products', 'marketplace'] as const,
    mine: ['products', 'mine'] as const,
    detail: (id: number) => ['products', 'detail', id] as const,
    buy: (id: number) => ['products', 'buy', id] as const,
    similar: (id: number) => ['products', 'similar', id] as const,
    byUser: (userId: number | null) => ['products', 'by-user', userId] as const,
  },
  questions: {
    all: ['questions'] as const,
    product: (productId: number, page: number) => ['questions', 'product', productId, page] as const,
    seller: (status: 'unanswered' | 'answered', page: number) =>
      ['questions', 'seller', status, page] as const,
  },
  ratings: {
    seller: (username: string, page: number, size: number) =>
      ['ratings', 'seller', username.toLowerCase(), page, size] as const,
  },
  search: {
    term: (term: string | null) => ['search', term] as const,
  },
  sellers: {
    blocked: ['sellers', 'blocked'] as const,
    blockedPage: (page: number) => ['sellers', 'blocked', page] as const,
  },
  shipping: {
    addresses: ['shipping', 'addresses'] as const,
    purchases: ['shipping', 'purchases'] as const,
    sold: ['shipping', 'sold'] as const,
  },
  follows: {
    all: ['follows'] as const,
    state: (username: string) => ['follows', 'state', username.toLowerCase()] as const,
  },
  users: {
    all: ['users'] as const,
    invitation: (token: string) => ['users', 'invitation', token] as const,
    profile: ['users', 'profile'] as const,
    passkeys: ['users', 'passkeys'] as const,
    sellerCheck: ['users', 'check_seller'] as const,
    totals: ['users', 'totals'] as const,
    publicProfile: (ref: { username: string } | { id: number } | null) => ['users', 'public', ref] as const,
  },
  watchlist: {
    all: ['watchlist'] as const,
  },
  preferences: {
    all: ['preferences'] as const,
    pushDevices: ['preferences', 'push-devices'] as const,
  },
  savedSearches: {
    all: ['saved-searches'] as const,
  },
  offers: {
    all: ['offers'] as const,
  },
} as const;
