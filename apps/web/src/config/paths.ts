/** Every route of the app: its pattern and how to build a link to it. */
export const paths = {
  // The home page's tab is in its address ('Subastas' when none).
  home: { path: '/', getHref: (tab?: 'marketplace') => (tab ? `/?tab=${tab}` : '/') },
  auctions: {
    path: '/auctions',
    getHref: (search?: string) => (search ? `/auctions?search=${encodeURIComponent(search)}` : '/auctions'),
  },
  products: { path: '/products', getHref: () => '/products' },
  seller: { path: '/seller/:id', getHref: (id: number | string) => `/seller/${id}` },
  search: {
    path: '/search',
    getHref: (query: string, tab?: string) =>
      `/search?query=${encodeURIComponent(query)}${tab ? `&tab=${encodeURIComponent(tab)}` : ''}`,
  },
  login: {
    path: '/login',
    getHref: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  },
  register: { path: '/register', getHref: () => '/register' },
  publicProfile: {
    path: '/public-profile/:username',
    getHref: (username: string) => `/public-profile/${encodeURIComponent(username)}`,
  },
  /** Buyer links in 'Mis Ventas' point here; it shows the public profile. */
  userProfile: {
    path: '/profile/:username',
    getHref: (username: string) => `/profile/${encodeURIComponent(username)}`,
  },
  profile: { path: '/profile', getHref: () => '/profile' },
  productAuction: {
    path: '/auctions/product/:id',
    getHref: (productId: number | string) => `/auctions/product/${productId}`,
  },
  auctionProducts: {
    path: '/auctions/products/:id',
    getHref: (auctionId: number | string) => `/auctions/products/${auctionId}`,
  },
  createAuction: {
    path: '/auctions/create',
    getHref: (productIds: Array<number | string>) => `/auctions/create?products=${productIds.join(',')}`,
  },
  myAuctions: { path: '/my-auctions', getHref: () => '/my-auctions' },
  createProduct: { path: '/products/create', getHref: () => '/products/create' },
  sellerPayments: { path: '/seller/payments', getHref: () => '/seller/payments' },
  shippingAddresses: { path: '/shipping-addresses', getHref: () => '/shipping-addresses' },
  soldProducts: { path: '/products/sold', getHref: () => '/products/sold/' },
  buyProduct: { path: '/products/buy/:id', getHref: (id: number | string) => `/products/buy/${id}` },
  product: { path: '/products/:id', getHref: (id: number | string) => `/products/${id}` },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  payment: { path: '/payment', getHref: () => '/payment' },
  wonAuctions: { path: '/auctions/won', getHref: () => '/auctions/won/' },
  purchases: { path: '/purchases', getHref: () => '/purchases' },
  watchlist: { path: '/watchlist', getHref: () => '/watchlist' },
  questions: { path: '/questions', getHref: () => '/questions' },
  /** A claim about a purchase: its conversation, tracking and the actions of each party. */
  claim: { path: '/claims/:id', getHref: (id: number | string) => `/claims/${id}` },
  /** The operator console; its tab is in the address (`?tab=pagos`) so a link opens that tab. */
  admin: {
    path: '/admin',
    getHref: (tab?: string) => (tab ? `/admin?tab=${encodeURIComponent(tab)}` : '/admin'),
  },
  /** '¿Olvidaste tu contraseña?': asks for a reset link by e-mail. */
  recover: { path: '/recuperar', getHref: () => '/recuperar' },
  /** A reset link: the person chooses a new password here. */
  resetPassword: {
    path: '/restablecer/:token',
    getHref: (token: string) => `/restablecer/${encodeURIComponent(token)}`,
  },
  /** An e-mail change's confirmation link, opened from the new address. */
  confirmEmail: {
    path: '/confirmar-correo/:token',
    getHref: (token: string) => `/confirmar-correo/${encodeURIComponent(token)}`,
  },
  /** An invitation link: the invited person chooses a password here. */
  invite: { path: '/invite/:token', getHref: (token: string) => `/invite/${encodeURIComponent(token)}` },
  /** An e-mail's one-click unsubscribe link: turns that e-mail type off, no login needed. */
  unsubscribe: {
    path: '/unsubscribe/:token',
    getHref: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
  },
  /** The user's saved Explorar views ('Búsquedas guardadas'). */
  savedSearches: { path: '/busquedas', getHref: () => '/busquedas' },
  /** Offers on buy-now products, made and received. */
  offers: { path: '/ofertas', getHref: () => '/ofertas' },
  explore: {
    path: '/explorar',
    /** `query`: the view's parameters, e.g. `q=hot+wheels&sort=price_asc`. */
    getHref: (query?: string) => (query ? `/explorar?${query}` : '/explorar'),
  },
} as const;

/** Routes that need a stored token. */
export const CONTACT_EMAIL = 'beta@coleccionables.co';
