import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  checkPage,
  DEMO_PASSWORD,
  DESKTOP,
  demo,
  expectAccessible,
  launchBrowser,
  loginAs,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';

// This file works with its own products, sold by tienda_retro (the other files mostly use
// vendedor_demo), so nothing it buys is something another file expects to find for sale.
const SELLER = demo.store;
const run = Date.now().toString(36).slice(-5);

function createProduct(
  token: string,
  name: string,
  extra: { can_be_bought?: boolean; sell_price?: number } = {},
): Promise<number> {
  return createProductViaApi(token, {
    name,
    categoryName: 'Cartas coleccionables',
    year: 1999,
    description: 'Carta de prueba creada por el test de pagos.',
    reserve_price: 1_000,
    ...extra,
  });
}

/** The seller auctions one product with a low reserve; the buyer bids; the clock passes the end. */
async function winAuction(sellerToken: string, buyerToken: string, productName: string) {
  const productId = await createProduct(sellerToken, productName);
  const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
    title: `Subasta pagos ${run}`,
    min_offer: 0,
    max_offer: 0,
    duration: 1,
    products: [productId],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const auctionId = created.body.id as number;
  expect((await apiCall('POST', `/api/auctions/${auctionId}/activate`, sellerToken)).status).toBe(200);
  const bid = await apiCall('POST', '/api/bids/create-bid', buyerToken, {
    amount: 48_500,
    auction_id: auctionId,
    product_id: productId,
  });
  expect(bid.status, JSON.stringify(bid.body)).toBe(201);
  const clock = await apiCall('POST', '/api/test/clock', undefined, { advance_seconds: 3600 + 5 });
  expect(clock.status).toBe(200);
  return { productId, auctionId };
}

describe('payments, sales, payouts and addresses', () => {
  let browser: Browser;
  let sellerToken: string;
  let buyerToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    sellerToken = await apiLogin(SELLER);
    buyerToken = await apiLogin(demo.buyer);
  });
  afterAll(() => browser?.close());

  it('a buyer wins an auction, pays it in the sandbox; the seller ships it and sees the payout', async () => {
    const productName = `Carta Pikachu Illustrator ${run}`;
    const { auctionId } = await winAuction(sellerToken, buyerToken, productName);

    // Buyer, at phone width: the won item, 'Generar Link', then 'Pagar'.
    const buyerContext = await newContext(browser, PHONE);
    const page = await buyerContext.newPage();
    await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/auctions/won/`);
    await page.getByRole('heading', { name: 'Mis Subastas Ganadas', level: 1 }).waitFor();
    const card = page.locator('ul[aria-label="Subastas ganadas"] > li').filter({ hasText: productName });
    await card.waitFor();
    await card.getByText('Pendiente', { exact: true }).waitFor();
    await card.getByText('Genera tu link de pago').waitFor();
    expect(await card.textContent()).toContain('48.500');
    await checkPage(page, 'payments-won-phone');

    const started = Date.now();
    await card.getByRole('button', { name: 'Generar Link' }).click();
    await card.getByRole('button', { name: 'Generando...' }).waitFor();
    const pay = card.getByRole('link', { name: 'Pagar' });
    await pay.waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    await card.getByText('Link de pago disponible').waitFor();

    // The sandbox checkout: amount in COP, description, the two buttons.
    await pay.click();
    await page.waitForURL(/\/sandbox\/bold\/checkout\/LNK_/);
    await page.getByText('$ 48.500').waitFor();
    await page.getByText(`Subasta #${auctionId} · ${productName}`).waitFor();
    await page.getByRole('button', { name: 'Rechazar pago' }).waitFor();
    await checkPage(page, 'payments-sandbox-checkout-phone');
    await page.getByRole('button', { name: 'Aprobar pago' }).click();

    await page.waitForURL(/\/payment\?bold-order-id=.+&bold-tx-status=approved$/);
    await page.getByRole('heading', { name: '¡Pago Completado!' }).waitFor();
    await page.getByText(`Subasta #${auctionId}`).waitFor();
    await page.getByRole('link', { name: 'Volver a la subasta' }).waitFor();
    await checkPage(page, 'payments-result-phone');

    await page.goto(`${baseUrl()}/auctions/won/`);
    await card.getByText('Pagado', { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: 'Pagar' }).count()).toBe(0);
    await buyerContext.close();

    // Seller, on a desktop: 'Mis Ventas' table, then mark shipped.
    const sellerContext = await newContext(browser, DESKTOP);
    const seller = await sellerContext.newPage();
    await loginAs(seller, SELLER);
    await seller.goto(`${baseUrl()}/products/sold/`);
    await seller.getByRole('heading', { name: 'Mis Ventas' }).waitFor();
    const row = seller.locator('table tbody tr').filter({ hasText: productName });
    await row.waitFor();
    expect(await row.textContent()).toContain('comprador_demo');
    expect(await row.textContent()).toContain('Cali');
    await row.getByText('Pagado').waitFor();
    await row.getByText('Pendiente').waitFor();
    await checkPage(seller, 'payments-sold-desktop');
    await row.getByRole('button', { name: `Marcar como Enviado: ${productName}` }).click();
    // The dialog asks for the carrier and its tracking number.
    const ship = seller.getByRole('dialog', { name: new RegExp(`Marcar como Enviado: ${productName}`) });
    await ship.getByLabel(/Transportadora/).selectOption('servientrega');
    await ship.getByLabel(/Número de guía/).fill('SV-2026-0001');
    await ship.getByRole('button', { name: 'Marcar como Enviado' }).click();
    await seller.getByText('¡Producto marcado como enviado exitosamente!').waitFor();
    await row.getByText('En proceso de entrega').waitFor();
    await row.getByText('Enviado', { exact: true }).first().waitFor();
    await seller.getByRole('button', { name: 'Actualizar' }).click();
    await row.getByText('En proceso de entrega').waitFor();

    // The payout: commission 10 %, payable the rest; the detail modal.
    await seller.goto(`${baseUrl()}/seller/payments`);
    await seller.getByRole('heading', { name: 'Mi Cuenta Bancaria' }).waitFor();
    const payout = seller.getByRole('button', {
      name: new RegExp(`Ver detalle del pago .* de ${productName}`),
    });
    await payout.waitFor();
    const payoutText = await payout.textContent();
    expect(payoutText).toContain('48.500');
    expect(payoutText).toContain('4.850');
    expect(payoutText).toContain('43.650');
    expect(payoutText).toMatch(/[0-9a-f]{8}…/);
    await checkPage(seller, 'payments-seller-desktop');
    await payout.click();
    const detail = seller.getByRole('dialog', { name: 'Detalle del pago' });
    await detail.getByText(productName).waitFor();
    await detail.getByText('Tarifa del procesador').waitFor();
    await screenshot(seller, 'payments-payout-detail-desktop');
    await detail.getByRole('button', { name: 'Cerrar' }).click();
    await detail.waitFor({ state: 'detached' });
    await sellerContext.close();

    // The sale at phone width: cards instead of the table.
    const phoneContext = await newContext(browser, PHONE);
    const phone = await phoneContext.newPage();
    await loginAs(phone, SELLER);
    await phone.goto(`${baseUrl()}/products/sold/`);
    const saleCard = phone
      .locator('ul[aria-label="Productos vendidos"] > li')
      .filter({ hasText: productName });
    await saleCard.getByText('En proceso de entrega').waitFor();
    expect(await phone.locator('table').isVisible()).toBe(false);
    await checkPage(phone, 'payments-sold-phone');
    await phoneContext.close();
  });

  it('the seller registers the one bank account with the form rules', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await loginAs(page, SELLER);
    await page.goto(`${baseUrl()}/seller/payments`);
    await page.getByRole('heading', { name: 'Mi Cuenta Bancaria' }).waitFor();
    await page.getByText('Aún no tienes una cuenta bancaria registrada').waitFor();

    await page.getByRole('button', { name: 'Agregar Cuenta' }).click();
    const form = page.getByRole('dialog', { name: 'Agregar Cuenta Bancaria' });
    await form.getByLabel('Banco').waitFor();
    await form.getByRole('button', { name: 'Guardar' }).click();
    for (const message of [
      'Seleccione un banco',
      'El número de cuenta es obligatorio',
      'Seleccione un tipo de cuenta',
      'El nombre del titular es obligatorio',
      'Seleccione un tipo de documento',
      'El número de documento es obligatorio',
    ]) {
      await form.locator('.field-error', { hasText: message }).waitFor();
    }
    // Registering the first account takes the form's fields only.
    expect(await form.getByLabel('Contraseña actual').count()).toBe(0);
    await form.getByLabel('Número de cuenta').fill('12-34');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('El número de cuenta debe contener solo números').waitFor();
    await checkPage(page, 'payments-bank-form-phone');

    await form.getByLabel('Banco').selectOption({ label: 'Davivienda' });
    await form.getByLabel('Tipo de cuenta').selectOption('ahorro');
    await form.getByLabel('Número de cuenta').fill('0550123456789');
    await form.getByLabel('Nombre del titular').fill('Andrés Gómez');
    await form.getByLabel('Tipo de documento').selectOption('CC');
    await form.getByLabel('Número de documento').fill('79123456');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.waitFor({ state: 'detached' });
    await page
      .getByText('¡Cuenta bancaria registrada correctamente! Ahora podrás recibir los pagos por tus ventas.')
      .waitFor();
    // The card shows the account once the data reloads (2 s later).
    await page.getByText('Davivienda').waitFor();
    await page.getByText('•••• 6789').waitFor();

    // A second account is refused with the exact Spanish message.
    await page.getByRole('button', { name: 'Agregar Cuenta' }).click();
    await page
      .getByText('Solo puedes tener una cuenta bancaria registrada. Edita la actual si deseas cambiarla.')
      .waitFor();

    // Editing through the labelled icon button.
    await page.getByRole('button', { name: 'Editar cuenta bancaria' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Cuenta Bancaria' });
    expect(await edit.getByLabel('Número de cuenta').inputValue()).toBe('0550123456789');
    await edit.getByLabel('Tipo de cuenta').selectOption('corriente');
    // Payouts go to this account: changing it asks for the password, refused in Spanish when wrong.
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.locator('.field-error', { hasText: 'La contraseña actual es obligatoria' }).waitFor();
    await edit.getByLabel('Contraseña actual').fill('no-es-mi-clave');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.getByText('La contraseña actual es incorrecta').waitFor();
    await edit.getByLabel('Contraseña actual').fill(DEMO_PASSWORD);
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('¡Cuenta bancaria actualizada correctamente!').waitFor();
    await page.getByText('Corriente').waitFor();
    await checkPage(page, 'payments-seller-phone');
    await context.close();
  });

  it('a buyer adds two addresses and switches the default', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await loginAs(page, demo.collector);
    await page.goto(`${baseUrl()}/shipping-addresses`);
    await page.getByRole('heading', { name: 'Mis Direcciones de Envío' }).waitFor();
    const cards = page.locator('ul[aria-label="Direcciones de envío"] > li');
    await cards.first().waitFor();
    const before = await cards.count();
    const seeded = cards.filter({ hasText: 'Predeterminada' });
    expect(await seeded.count()).toBe(1);

    const add = async (address: string, city: string) => {
      await page.getByRole('button', { name: 'Agregar Dirección' }).click();
      const form = page.getByRole('dialog', { name: 'Agregar Dirección' });
      await form.getByRole('textbox', { name: 'Dirección', exact: true }).fill(address);
      await form.getByLabel('Ciudad').fill(city);
      await form.getByLabel('Estado/Provincia').fill('Antioquia');
      await form.getByLabel('Código postal').fill('050001');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByText('Dirección agregada correctamente').waitFor();
    };

    // Whitespace-only fields count as empty.
    await page.getByRole('button', { name: 'Agregar Dirección' }).click();
    const form = page.getByRole('dialog', { name: 'Agregar Dirección' });
    await form.getByRole('textbox', { name: 'Dirección', exact: true }).fill('   ');
    await form.getByLabel('País').fill(' ');
    await form.getByRole('button', { name: 'Guardar' }).click();
    for (const message of [
      'La dirección es obligatoria',
      'La ciudad es obligatoria',
      'El estado/provincia es obligatorio',
      'El país es obligatorio',
      'El código postal es obligatorio',
    ]) {
      await form.locator('.field-error', { hasText: message }).waitFor();
    }
    await checkPage(page, 'payments-address-form-phone');
    await form.getByRole('button', { name: 'Cancelar' }).click();

    const cityA = `Envigado ${run}`;
    const cityB = `Rionegro ${run}`;
    await add('Calle 30 Sur # 43A-10', cityA);
    await add('Carrera 50 # 49-30', cityB);
    await expect.poll(() => cards.count()).toBe(before + 2);

    const cardB = cards.filter({ hasText: cityB });
    await cardB.getByRole('button', { name: 'Establecer predeterminada' }).click();
    await page.getByText('Dirección establecida como predeterminada').waitFor();
    await cardB.getByText('Predeterminada', { exact: true }).waitFor();
    // Still exactly one default after the reload 2 s later.
    await page.waitForTimeout(2300);
    expect(await cards.filter({ has: page.getByText('Predeterminada', { exact: true }) }).count()).toBe(1);
    expect(await cardB.getByText('Predeterminada', { exact: true }).count()).toBe(1);
    await checkPage(page, 'payments-addresses-phone');

    // Deleting asks first; the default passes to another address.
    for (const city of [cityB, cityA]) {
      const card = cards.filter({ hasText: city });
      await card.getByRole('button', { name: /^Eliminar dirección/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Eliminar dirección' });
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByText('Dirección eliminada correctamente').waitFor();
      await card.waitFor({ state: 'detached' });
    }
    await expect.poll(() => cards.count()).toBe(before);
    expect(await cards.filter({ has: page.getByText('Predeterminada', { exact: true }) }).count()).toBe(1);
    await context.close();

    const desktop = await newContext(browser, DESKTOP);
    const wide = await desktop.newPage();
    await loginAs(wide, demo.collector);
    await wide.goto(`${baseUrl()}/shipping-addresses`);
    await wide.locator('ul[aria-label="Direcciones de envío"] > li').first().waitFor();
    await expectAccessible(wide);
    await screenshot(wide, 'payments-addresses-desktop');
    await desktop.close();
  });

  it('buys a product now, end to end', async () => {
    const productName = `Carta Blue-Eyes ${run}`;
    const productId = await createProduct(sellerToken, productName, {
      can_be_bought: true,
      sell_price: 35_900,
    });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.buyer);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.goto(`${baseUrl()}/products/buy/${productId}`);
    await page.getByRole('heading', { name: productName, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Comprar Ahora' }).click();
    await page.waitForURL(/\/sandbox\/bold\/checkout\/LNK_/);
    expect(dialogs).toEqual(['confirm: ¿Estás seguro de que quieres comprar este producto?']);
    await page.getByText('$ 35.900').waitFor();
    await page.getByText(`Compra directa · ${productName}`).waitFor();
    await screenshot(page, 'payments-sandbox-checkout-desktop');
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.waitForURL(/\/payment\?bold-order-id=.+&bold-tx-status=approved$/);
    await page.getByRole('heading', { name: '¡Pago Completado!' }).waitFor();
    await checkPage(page, 'payments-result-desktop');

    const product = await apiCall('GET', `/api/products/get_product_buy/${productId}`, buyerToken);
    expect(product.body.product?.status ?? product.body.status).toBe('sold');
    await context.close();
  });

  it('explains a rejected payment and a return without parameters', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/payment`);
    await page.getByText('Faltan parámetros requeridos en la URL').waitFor();
    await page.getByRole('link', { name: 'Volver al inicio' }).waitFor();
    await page.getByRole('button', { name: 'Volver' }).waitFor();
    await checkPage(page, 'payments-result-missing-phone');

    const productName = `Carta Dark Magician ${run}`;
    const productId = await createProduct(sellerToken, productName, {
      can_be_bought: true,
      sell_price: 21_000,
    });
    const link = await apiCall('GET', `/api/bold/buy_product/${productId}`, buyerToken);
    expect(link.status).toBe(200);
    await page.goto(link.body.payment_link);
    await page.getByRole('button', { name: 'Rechazar pago' }).click();
    await page.waitForURL(/bold-tx-status=rejected$/);
    await page.getByRole('heading', { name: 'Error al procesar el pago' }).waitFor();
    await page.getByText('Estado del pago: rejected').waitFor();

    // The browser's word is never enough: 'approved' in the URL for an unpaid payment fails.
    await page.goto(`${baseUrl()}/payment?bold-order-id=${link.body.payment_id}&bold-tx-status=approved`);
    await page.getByRole('heading', { name: 'Error al procesar el pago' }).waitFor();
    await page.getByText('Estado del pago: rejected').waitFor();
    await checkPage(page, 'payments-result-error-phone');
    await context.close();
  });
});
