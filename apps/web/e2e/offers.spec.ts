import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  launchBrowser,
  loginAs,
  newContext,
  PHONE,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';

const run = Date.now().toString(36).slice(-5);

describe('offers on buy-now products', () => {
  let browser: Browser;
  let sellerToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    sellerToken = await apiLogin(demo.seller);
  });
  afterAll(() => browser?.close());

  it('a buyer offers, the seller counters, the buyer accepts and pays on the sandbox', async () => {
    const name = `Funko Pop Vegeta oferta ${run}`;
    const productId = await createProductViaApi(sellerToken, {
      name,
      categoryName: 'Figuras de vinilo',
      can_be_bought: true,
      sell_price: 90_000,
      accepts_offers: true,
    });

    // Buyer, at phone width: 'Hacer una oferta' on the buy-now page.
    const buyerContext = await newContext(browser, PHONE);
    const buyer = await buyerContext.newPage();
    await loginAs(buyer, demo.buyer);
    await buyer.goto(`${baseUrl()}/products/buy/${productId}`);
    await buyer.getByRole('button', { name: 'Hacer una oferta' }).click();
    const amount = buyer.getByLabel('Tu oferta (COP)');
    await amount.fill('95000');
    await buyer.getByRole('button', { name: 'Enviar oferta' }).click();
    await buyer.getByText('La oferta debe ser menor que el precio de venta').waitFor();
    await amount.fill('70000');
    await buyer.getByLabel('Mensaje para el vendedor (opcional)').fill('¿Me lo deja en 70?');
    await buyer.getByRole('button', { name: 'Enviar oferta' }).click();
    await buyer.getByText('Oferta enviada al vendedor').waitFor();
    await checkPage(buyer, 'offers-buy-page-phone');

    // Seller, at desktop width: '/ofertas', received, counter at 80.000.
    const sellerContext = await newContext(browser, DESKTOP);
    const seller = await sellerContext.newPage();
    await loginAs(seller, demo.seller);
    await seller.goto(`${baseUrl()}/ofertas`);
    await seller.getByRole('heading', { name: 'Ofertas', level: 1 }).waitFor();
    await seller.getByRole('button', { name: 'Ofertas recibidas' }).click();
    const received = seller.locator('ul[aria-label="Ofertas recibidas"] > li').filter({ hasText: name });
    await received.getByText('Esperando al vendedor').waitFor();
    expect(await received.textContent()).toContain('¿Me lo deja en 70?');
    await checkPage(seller, 'offers-seller-desktop');
    await received.getByRole('button', { name: 'Contraofertar' }).click();
    await received.getByLabel('Contraoferta (COP)').fill('80000');
    await received.getByRole('button', { name: 'Enviar contraoferta' }).click();
    await seller.getByText('Contraoferta enviada').first().waitFor();
    await received.getByText('Contraoferta del vendedor').waitFor();
    await sellerContext.close();

    // Buyer: the counter on '/ofertas', accepted, paid like a won item.
    await buyer.goto(`${baseUrl()}/ofertas`);
    const mine = buyer.locator('ul[aria-label="Ofertas que hice"] > li').filter({ hasText: name });
    await mine.getByText('Contraoferta del vendedor').waitFor();
    expect(await mine.textContent()).toContain('80.000');
    await checkPage(buyer, 'offers-buyer-phone');
    await mine.getByRole('button', { name: 'Aceptar' }).click();
    await mine.getByText('Aceptada', { exact: true }).waitFor();
    await mine.getByRole('link', { name: 'Ir a pagar' }).click();
    await buyer.getByRole('heading', { name: 'Mis Subastas Ganadas', level: 1 }).waitFor();
    const card = buyer.locator('ul[aria-label="Subastas ganadas"] > li').filter({ hasText: name });
    await card.getByText('Oferta aceptada', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Generar Link' }).click();
    await card.getByRole('link', { name: 'Pagar' }).click();
    await buyer.waitForURL(/\/sandbox\/bold\/checkout\/LNK_/);
    await buyer.getByText('$ 80.000').waitFor();
    await buyer.getByText(`Oferta aceptada · ${name}`).waitFor();
    await buyer.getByRole('button', { name: 'Aprobar pago' }).click();
    await buyer.getByRole('heading', { name: '¡Pago Completado!' }).waitFor();
    const product = await apiCall('GET', `/api/products/get_product/${productId}`, sellerToken);
    expect(product.body.status).toBe('sold');

    // The offers page at desktop width too, and its empty state.
    await buyer.setViewportSize(DESKTOP);
    await buyer.goto(`${baseUrl()}/ofertas`);
    await buyer.locator('ul[aria-label="Ofertas que hice"] > li').first().waitFor();
    await checkPage(buyer, 'offers-buyer-desktop');
    await buyerContext.close();
  });
});
