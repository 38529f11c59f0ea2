import { productMessages } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandLabel, currentUserId, priceLabel, statusLabel } from '../lib/product-labels.ts';
import { BuyNowAction } from './buy-now-action.tsx';
import { toCreatePayload } from './create-product-form.tsx';
import { checkImageFile, readAsDataUrl } from './image-picker.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('toCreatePayload (spec 2 section 5)', () => {
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
    image: 'data:image/png;base64,AAAA',
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
      image: 'data:image/png;base64,AAAA',
    });
  });

  it('keeps the sell price with buy-now', () => {
    expect(toCreatePayload({ ...values, can_be_bought: true }).sell_price).toBe(9000);
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

  it("reads the user's id from the token", () => {
    expect(currentUserId()).toBeNull();
    const payload = btoa(JSON.stringify({ sub: '42' })).replace(/=+$/, '');
    localStorage.setItem('jwt_token', `h.${payload}.s`);
    expect(currentUserId()).toBe(42);
    localStorage.setItem('jwt_token', 'garbage');
    expect(currentUserId()).toBeNull();
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
        <BuyNowAction productId={7} canBuy {...props} />
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
      'the payments route is missing',
      404,
      { message: 'No se encontró el recurso solicitado.' },
      productMessages.paymentsUnavailable,
    ],
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

  it("reads 'No Disponible para Comprar' and is disabled when it cannot be bought", () => {
    renderAction({ canBuy: false });
    expect(screen.getByRole('button', { name: 'No Disponible para Comprar' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
