import { type ProductBuyResponse, paymentMessages, productMessages } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandLabel, priceLabel, statusLabel } from '../lib/product-labels.ts';
import { BuyNowAction } from './buy-now-action.tsx';
import { BuyNowLink } from './buy-now-link.tsx';
import { BuyProductView } from './buy-product-view.tsx';
import { toCreatePayload } from './create-product-values.ts';
import { checkImageFile, readAsDataUrl } from './image-picker.tsx';
import { SellerGate } from './seller-gate.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('toCreatePayload', () => {
  const values = {
    name: 'Skyline',
    year: '2021',
    description: 'Blíster',
    tags: 'jdm',
    category_id: '1',
    brand_id: '2',
    scale_id: '',
    reserve_price: '',
    base_price: '1500,5',
    can_be_bought: false,
    sell_price: '9000',
    accepts_offers: true,
    auto_accept_price: '8000',
    auto_decline_price: '',
    images: ['data:image/png;base64,AAAA'],
    condition: '',
    grading_company: '',
    grading_grade: '',
    grading_certificate: '',
  };

  it('sends empty numbers as null and drops the sell price without buy-now', () => {
    expect(toCreatePayload(values)).toEqual({
      name: 'Skyline',
      year: 2021,
      description: 'Blíster',
      tags: 'jdm',
      category_id: 1,
      brand_id: 2,
      scale_id: null,
      reserve_price: null,
      base_price: 1500.5,
      can_be_bought: false,
      sell_price: null,
      accepts_offers: false,
      auto_accept_price: null,
      auto_decline_price: null,
      images: ['data:image/png;base64,AAAA'],
      condition: null,
      grading: null,
    });
  });

  it('sends the condition, and the grading only where grading applies (trading cards)', () => {
    const graded = {
      ...values,
      condition: 'usado',
      grading_company: 'PSA',
      grading_grade: '9.5',
      grading_certificate: '123',
    };
    expect(toCreatePayload(graded, true)).toMatchObject({
      condition: 'usado',
      grading: { company: 'PSA', grade: 9.5, certificate: '123' },
    });
    expect(toCreatePayload(graded, false)).toMatchObject({ condition: 'usado', grading: null });
  });

  it('keeps the sell price with buy-now', () => {
    expect(toCreatePayload({ ...values, can_be_bought: true }).sell_price).toBe(9000);
    // Offers go with buy-now: the switch and its automatic prices.
    expect(toCreatePayload({ ...values, can_be_bought: true })).toMatchObject({
      accepts_offers: true,
      auto_accept_price: 8000,
      auto_decline_price: null,
    });
  });
});

describe('image checks before upload', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });
  it.each([
    ['image/png', 10, null],
    ['image/jpeg', 10, null],
    ['image/webp', 10, null],
    ['image/gif', 10, null],
    ['image/svg+xml', 10, productMessages.imageType],
    ['text/plain', 10, productMessages.imageType],
    ['image/png', 5 * 1024 * 1024 + 1, productMessages.imageTooLarge],
  ])('%s of %i bytes', (type, size, expected) => {
    expect(checkImageFile(file(type, size))).toBe(expected);
  });

  it('reads a file as a data URL', async () => {
    await expect(readAsDataUrl(new Blob(['hola'], { type: 'image/png' }))).resolves.toBe(
      'data:image/png;base64,aG9sYQ==',
    );
  });

  it("says 'Error al procesar la imagen' when the browser cannot read it", async () => {
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    await expect(readAsDataUrl(new Blob(['x']))).rejects.toThrow('Error al procesar la imagen');
  });
});

describe('labels', () => {
  it('formats prices, brands and statuses', () => {
    expect(priceLabel(65000)).toBe('$ 65.000');
    expect(priceLabel(null)).toBe('N/A');
    expect(brandLabel('')).toBe('Sin marca');
    expect(brandLabel('Funko')).toBe('Funko');
    expect(statusLabel('in_auction')).toBe('En subasta');
    expect(statusLabel('raro')).toBe('Desconocido');
  });
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

describe('SellerGate', () => {
  afterEach(() => vi.unstubAllGlobals());
  const show = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SellerGate>
            <h1>Mis Pagos</h1>
          </SellerGate>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  const sellerAnswer = (isSeller: boolean) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(isSeller), { status: 200 })),
    );

  it("shows a buyer 'Conviértete en vendedor' instead of the seller's screen", async () => {
    localStorage.setItem('jwt_token', tokenFor(5));
    sellerAnswer(false);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Conviértete en vendedor' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Mis Pagos' })).toBeNull();
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/users/profile/check_seller');
  });

  it("shows a seller the seller's screen", async () => {
    localStorage.setItem('jwt_token', tokenFor(1));
    sellerAnswer(true);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Pagos' })).toBeTruthy();
    expect(screen.queryByText('Conviértete en vendedor')).toBeNull();
  });

  it('shows a visitor the message without asking the server', () => {
    sellerAnswer(true);
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Conviértete en vendedor' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
