import { type ProductBuyResponse, paymentMessages, productMessages } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuyNowAction } from './buy-now-action.tsx';
import { BuyNowLink } from './buy-now-link.tsx';
import { BuyProductView } from './buy-product-view.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('BuyNowAction', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.setItem('jwt_token', 'h.e30.s');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderAction = (props: Partial<Parameters<typeof BuyNowAction>[0]> = {}) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <BuyNowAction productId={7} canBuy {...props} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  const reply = (status: number, body: unknown) =>
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

  it('asks first; cancelling alerts and buys nothing', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderAction();
    fireEvent.click(screen.getByRole('button', { name: 'Comprar Ahora' }));
    expect(confirm).toHaveBeenCalledWith('¿Estás seguro de que quieres comprar este producto?');
    expect(alert).toHaveBeenCalledWith('Purchase cancelled.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes to the payment link the server answers', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    reply(200, { payment_link: '/sandbox/bold/checkout/abc' });
    const redirect = vi.fn();
    renderAction({ redirect });
    fireEvent.click(screen.getByRole('button', { name: 'Comprar Ahora' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/sandbox/bold/checkout/abc'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/bold/buy_product/7');
  });

  it.each([
    [
      'the server refuses',
      409,
      { message: 'Este producto ya fue vendido.' },
      'Este producto ya fue vendido.',
    ],
    ['the server fails', 500, { message: 'Ocurrió un error' }, productMessages.purchaseFailed],
    ['there is no link', 200, {}, productMessages.purchaseError],
  ])('shows an error when %s', async (_name, status, body, expected) => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    reply(status, body);
    renderAction({ redirect: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: 'Comprar Ahora' }));
    expect((await screen.findByRole('alert')).textContent).toBe(expected);
  });

  it("links 'Direcciones de envío' in the missing-default-address error to the addresses page", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    reply(409, { message: paymentMessages.defaultAddressRequired, code: 'DEFAULT_ADDRESS_REQUIRED' });
    renderAction({ redirect: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: 'Comprar Ahora' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(paymentMessages.defaultAddressRequired);
    const link = within(alert).getByRole('link', { name: 'Direcciones de envío' });
    expect(link.getAttribute('href')).toBe('/shipping-addresses');
  });

  it("reads 'No Disponible para Comprar' and is disabled when it cannot be bought", () => {
    renderAction({ canBuy: false });
    expect(screen.getByRole('button', { name: 'No Disponible para Comprar' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});

/** A token whose subject is the given user id (the app reads only the subject). */
const tokenFor = (userId: number) =>
  `h.${btoa(JSON.stringify({ sub: String(userId) })).replace(/=+$/, '')}.s`;

function buyAnswer(
  overrides: { ownerId?: number; sellPrice?: number | null; buyable?: boolean; awayUntil?: string } = {},
) {
  const buyable = overrides.buyable ?? true;
  const answer: ProductBuyResponse = {
    product: {
      id: 14,
      name: 'Skyline GT-R',
      description: 'En blíster',
      tags: null,
      year: 2021,
      image: null,
      images: [],
      thumbnail: null,
      can_be_bought: buyable,
      accepts_offers: false,
      sell_price: overrides.sellPrice === undefined ? 65000 : overrides.sellPrice,
      category_id: 1,
      category_name: 'Autos die-cast',
      brand_id: 2,
      brand_name: 'Hot Wheels',
      scale_id: null,
      scale_name: null,
      condition: 'usado',
      grading: null,
      status: 'available',
      created_at: '2026-01-01T00:00:00Z',
      owner_id: overrides.ownerId ?? 1,
      owner_username: 'vendedor',
    },
    owner: {
      id: overrides.ownerId ?? 1,
      username: 'vendedor',
      image: null,
      avatar: null,
      reputation: {
        level: 'nuevo',
        period_days: 60,
        sales: 0,
        claims_rate: 0,
        late_shipping_rate: 0,
        cancellation_rate: 0,
      },
      away_until: overrides.awayUntil ?? null,
      away_message: null,
    },
    can_be_bought: buyable,
  };
  return answer;
}

describe('pages that use the buy-now answer', () => {
  let answers: Record<string, () => Response>;
  beforeEach(() => {
    localStorage.setItem('jwt_token', tokenFor(5));
    answers = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const answer = answers[url];
        return answer
          ? answer()
          : new Response(JSON.stringify({ message: 'No encontrado' }), { status: 404 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.title = '';
  });

  const json =
    (body: unknown, status = 200) =>
    () =>
      new Response(JSON.stringify(body), { status });
  const show = (ui: ReactNode) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    );

  it("offers the owner no 'Comprar Ahora', but a note that it is their product", async () => {
    localStorage.setItem('jwt_token', tokenFor(1));
    answers['/api/products/get_product_buy/14'] = json(buyAnswer({ ownerId: 1 }));
    answers['/api/products/get_similar_buy_products/14'] = json([]);
    show(<BuyProductView id={14} />);
    expect(await screen.findByText(/Este es tu producto/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Comprar Ahora' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver tu producto' }).getAttribute('href')).toBe('/products/14');
  });

  it("offers anyone else 'Comprar Ahora'", async () => {
    answers['/api/products/get_product_buy/14'] = json(buyAnswer({ ownerId: 1 }));
    answers['/api/products/get_similar_buy_products/14'] = json([]);
    show(<BuyProductView id={14} />);
    expect(await screen.findByRole('button', { name: 'Comprar Ahora' })).toBeTruthy();
    expect(screen.queryByText(/Este es tu producto/)).toBeNull();
    expect(screen.getByText('$ 65.000').tagName).not.toBe('P');
  });

  it('shows a missing price as a plain note, not as a bold paragraph', async () => {
    answers['/api/products/get_product_buy/14'] = json(buyAnswer({ sellPrice: null, buyable: false }));
    answers['/api/products/get_similar_buy_products/14'] = json([]);
    show(<BuyProductView id={14} />);
    const price = await screen.findByText('Precio: N/A');
    expect(price.className).toBe('muted flush');
  });

  it('names the page in a heading and the title when the product cannot be loaded', async () => {
    show(<BuyProductView id={9999} />);
    expect((await screen.findByRole('alert')).textContent).toBe('No encontrado');
    expect(screen.getByRole('heading', { level: 1, name: 'Compra directa' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Compra directa | Coleccionables'));
  });

  it('BuyNowLink links to the buy-now page only when the product can be bought', async () => {
    answers['/api/products/get_product_buy/14'] = json(buyAnswer());
    answers['/api/products/get_product_buy/15'] = json(buyAnswer({ buyable: false }));
    show(
      <>
        <BuyNowLink productId={14} />
        <BuyNowLink productId={15} />
        <BuyNowLink productId={16} />
      </>,
    );
    const link = await screen.findByRole('link', { name: 'Ver en compra directa' });
    expect(link.getAttribute('href')).toBe('/products/buy/14');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(3));
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
