import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberBootLead } from '../../../lib/boot-lead.ts';
import { ProductAuctionView } from './product-auction-view.tsx';

/** The placeholder as the server writes it for a product's auction page with a lead. */
function paintPlaceholder(title: string, src: string) {
  document.body.innerHTML = `<div id="root"><div class="boot-bar"></div><div class="boot-main"><p class="boot-context"></p><div class="boot-head"><p class="boot-title">${title}</p><span class="boot-watch"></span></div><img class="boot-lead" src="${src}" alt="${title}"></div></div>`;
}

describe('the product page while its data loads', () => {
  beforeEach(() => {
    localStorage.setItem('jwt_token', 'token');
    // The page's read never answers here: what shows is the loading state.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
    document.body.innerHTML = '';
    rememberBootLead(document, '/');
  });

  const show = (address: string, productId: string) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[address]}>
          <ProductAuctionView
            productId={productId}
            renderWatch={(p) => <button type="button">{`Favorito ${p.id} ${p.name}`}</button>}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('keeps the name and image index.html painted for this address, beside the spinner', () => {
    paintPlaceholder('Camaro 1969 &amp; caja', '/images/abc/full.webp');
    rememberBootLead(document, '/auctions/product/14');
    document.body.innerHTML = '';
    show('/auctions/product/14', '14');
    expect(screen.getByRole('heading', { level: 1, name: 'Camaro 1969 & caja' })).toBeTruthy();
    const image = screen.getByRole('img', { name: 'Camaro 1969 & caja' });
    expect(image.getAttribute('src')).toBe('/images/abc/full.webp');
    expect(screen.getByRole('button', { name: 'Favorito 14 Camaro 1969 & caja' })).toBeTruthy();
    expect(screen.getByText('Cargando detalles del producto...')).toBeTruthy();
  });

  it('shows only the spinner on another address, or when the placeholder had no lead', () => {
    paintPlaceholder('Camaro 1969', '/images/abc/full.webp');
    rememberBootLead(document, '/auctions/product/14');
    show('/auctions/product/15', '15');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Cargando detalles del producto...')).toBeTruthy();
    cleanup();

    document.body.innerHTML =
      '<div id="root"><div class="boot-bar"></div><div class="boot-main"></div></div>';
    rememberBootLead(document, '/auctions/product/14');
    show('/auctions/product/14', '14');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
