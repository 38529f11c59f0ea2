import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  DESKTOP,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  launchBrowser,
  loginAs,
  newContext,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { listedProductId } from './support/fixtures.ts';

/** A real PNG (a two-colour gradient), encoded by hand so the test needs no image library. */
function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((x / width) * 255);
      row[2 + x * 3] = 90;
      row[3 + x * 3] = Math.round((y / height) * 255);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectImageLoaded(page: Page, selector: string) {
  const image = page.locator(selector).first();
  // Images load lazily: bring it into view, and settle on error too instead of waiting forever.
  await image.scrollIntoViewIfNeeded();
  const loaded = await image.evaluate(async (img: HTMLImageElement) => {
    if (!img.complete) {
      await new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      });
    }
    return img.naturalWidth > 0 && !img.src.endsWith('/placeholder.svg');
  });
  expect(loaded).toBe(true);
}

describe('products', () => {
  let browser: Browser;
  let pngPath: string;
  const productName = `Hot Wheels Datsun 510 E2E ${Date.now() % 100000}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'products-e2e-'));
    pngPath = path.join(dir, 'datsun.png');
    writeFileSync(pngPath, makePng(320, 240));
  });
  afterAll(() => browser?.close());

  it('lets a seller create a product with an image, find it in /products, open and edit it', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.seller);

    await page.goto(`${baseUrl()}/products/create`);
    await page.getByRole('heading', { name: 'Agregar Producto' }).waitFor();

    // Every missing field gets its message at once.
    await page.getByRole('button', { name: 'Crear Producto' }).click();
    for (const message of [
      'El nombre es obligatorio',
      'El año es obligatorio',
      'La descripción es obligatoria',
      'Seleccione una categoría',
      'Seleccione una marca',
      'La imagen es obligatoria',
    ]) {
      await expect.poll(() => page.getByText(message, { exact: true }).count()).toBeGreaterThan(0);
    }

    // Required fields' labels end in a decorative '*': find them by accessible name.
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(productName);
    await page.getByRole('spinbutton', { name: 'Año', exact: true }).fill('2021');
    await page.getByLabel('Etiquetas').fill('datsun, jdm, clásico, extra');
    await page
      .getByRole('textbox', { name: 'Descripción', exact: true })
      .fill('Datsun 510 de la línea Car Culture, blíster sellado.');
    const brand = page.getByRole('combobox', { name: 'Marca', exact: true });
    const category = page.getByRole('combobox', { name: 'Categoría', exact: true });
    const scale = page.getByRole('combobox', { name: 'Escala', exact: true });
    const sellPrice = page.getByRole('spinbutton', { name: 'Precio de venta (COP)' });
    expect(await brand.isDisabled()).toBe(true);
    expect(await scale.count()).toBe(0);
    await category.selectOption({ label: 'Autos die-cast' });
    await expect.poll(() => brand.isEnabled()).toBe(true);
    await expect.poll(() => brand.locator('option', { hasText: 'Hot Wheels' }).count()).toBe(1);
    await brand.selectOption({ label: 'Hot Wheels' });
    await scale.selectOption({ label: '1:64' });
    await page.getByLabel('Precio de reserva (COP)').fill('45000');

    // Buy-now: sell price is required only when the toggle is on, and cleared when turned off.
    await page.getByLabel('Permitir compra directa').check();
    await sellPrice.fill('12345');
    await page.getByLabel('Permitir compra directa').uncheck();
    expect(await sellPrice.count()).toBe(0);
    await page.getByLabel('Permitir compra directa').check();
    expect(await sellPrice.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Crear Producto' }).click();
    await page.getByText('El precio de venta es obligatorio para la compra directa').waitFor();
    await sellPrice.fill('79000');

    await page.getByLabel('Seleccionar fotos').setInputFiles(pngPath);
    await page.getByAltText('Foto 1 de 1', { exact: true }).waitFor();
    await screenshot(page, 'products-create-desktop');

    await page.getByRole('button', { name: 'Crear Producto' }).click();
    await page.getByText('¡Producto creado exitosamente!').waitFor();
    await page.waitForURL(/\/products$/, { timeout: 8000 });

    // The new product in the seller's grid, found by the client-side search.
    await page.getByLabel('Buscar por nombre').fill(productName.toLowerCase());
    const link = page.getByRole('link', { name: productName });
    await link.waitFor();
    await expect.poll(() => page.locator('ul[aria-label="Tus productos"] > li').count()).toBe(1);
    await expectImageLoaded(page, `img[alt="${productName}"]`);
    await page.getByRole('checkbox', { name: `Seleccionar ${productName} para una subasta` }).check();
    await page.getByText('1 producto seleccionado').waitFor();
    await screenshot(page, 'products-list-desktop');

    await link.click();
    await page.waitForURL(/\/products\/\d+$/);
    await page.getByRole('heading', { name: productName, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`${productName} | Coleccionable en Hot Wheels`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toBe('Datsun 510 de la línea Car Culture, blíster sellado. - Precio: $45000');
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
      /\/images\/.+\/full\.webp$/,
    );
    expect(await page.locator('ul[aria-label="Etiquetas"] li').allInnerTexts()).toEqual([
      'datsun',
      'jdm',
      'clásico',
    ]);
    await expectImageLoaded(page, `img[alt="${productName}, foto 1 de 1"]`);
    await page.getByText('Precio de Reserva').waitFor();
    await screenshot(page, 'products-detail-desktop');

    await page.getByRole('button', { name: 'Editar detalles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Detalles del Producto' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Nombre del producto').inputValue()).toBe(productName);
    await dialog.getByLabel('Precio de reserva').fill('-5');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await dialog.getByText('El precio de reserva debe ser un número mayor o igual a 0').waitFor();
    await dialog.getByLabel('Nombre del producto').fill(`${productName} editado`);
    await dialog.getByLabel('Precio de reserva').fill('52000');
    await screenshot(page, 'products-edit-modal-desktop');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: `${productName} editado`, level: 1 }).waitFor();
    await page.getByText('$ 52.000').waitFor();
    await context.close();
  });

  it('is usable and accessible at phone width for the seller', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const token = await loginAs(page, demo.seller);

    await page.goto(`${baseUrl()}/products`);
    await page.getByRole('heading', { name: 'Mis Productos' }).waitFor();
    await page.locator('ul[aria-label="Tus productos"] > li').first().waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'products-list-phone');

    await page.goto(`${baseUrl()}/products/create`);
    await page
      .getByRole('combobox', { name: 'Categoría', exact: true })
      .selectOption({ label: 'Autos die-cast' });
    await page.getByRole('combobox', { name: 'Escala', exact: true }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'products-create-phone');

    const mine = await apiCall<Array<{ id: number; status: string }>>(
      'GET',
      '/api/products/get_products',
      token,
    );
    const product = mine.body.find((p) => p.status === 'in_auction') ?? mine.body[0]!;
    await page.goto(`${baseUrl()}/products/${product.id}`);
    await page.getByRole('button', { name: 'Editar detalles' }).waitFor();
    if (product.status === 'in_auction') {
      expect(await page.getByRole('button', { name: 'Editar detalles' }).isDisabled()).toBe(true);
    }
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'products-detail-phone');
    await context.close();
  });

  it('lets a buyer open a buy-now page from the Home Marketplace tab and see similar products', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await loginAs(page, demo.buyer);

    await page.goto(`${baseUrl()}/`);
    await page.getByRole('tab', { name: 'Marketplace' }).click();
    const cards = page.locator('ul[aria-label="Productos de compra directa"] > li');
    await cards.first().waitFor();
    await expectImageLoaded(page, 'ul[aria-label="Productos de compra directa"] img');
    expect(await cards.first().innerText()).toMatch(/\$\s?[\d.]+/);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'products-marketplace-phone');

    // A card opens its buy-now page. (Which cards the tab shows depends on what other files on
    // this server listed before: its newest twelve.)
    await cards.first().getByRole('link').first().click();
    await page.waitForURL(/\/products\/buy\/\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // A die-cast car of the demo seller: several buyable cars share its category.
    const skylineId = await listedProductId('Hot Wheels Nissan Skyline GT-R R34', 'buy_now');
    await page.goto(`${baseUrl()}/products/buy/${skylineId}`);
    const firstUrl = page.url();
    await page.getByRole('heading', { name: 'Hot Wheels Nissan Skyline GT-R R34', level: 1 }).waitFor();
    await page.getByText('Disponible', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Productos similares' }).waitFor();
    const similar = page.locator('ul[aria-label="Productos similares"] > li');
    await similar.first().waitFor();
    expect(await similar.count()).toBeGreaterThanOrEqual(1);
    await page.getByRole('link', { name: 'vendedor_demo' }).waitFor();
    await expectImageLoaded(page, 'img[alt^="Hot Wheels Nissan Skyline GT-R R34, foto 1 de"]');

    // Declining the confirmation changes nothing.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void (dialog.type() === 'confirm' ? dialog.dismiss() : dialog.accept());
    });
    await page.getByRole('button', { name: 'Comprar Ahora' }).click();
    await expect
      .poll(() => dialogs)
      .toEqual([
        'confirm: ¿Estás seguro de que quieres comprar este producto?',
        'alert: Purchase cancelled.',
      ]);
    expect(page.url()).toBe(firstUrl);

    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'products-buy-phone');

    // A similar product opens on the same page, which reloads for the new id.
    const nextName = (await similar.first().getByRole('heading').innerText()).trim();
    await similar.first().getByRole('link').click();
    await page.getByRole('heading', { name: nextName, level: 1 }).waitFor();
    expect(page.url()).not.toBe(firstUrl);
    await context.close();

    const desktop = await newContext(browser, DESKTOP);
    const desktopPage = await desktop.newPage();
    await loginAs(desktopPage, demo.buyer);
    await desktopPage.goto(firstUrl);
    await desktopPage.getByRole('heading', { name: 'Productos similares' }).waitFor();
    await desktopPage.locator('ul[aria-label="Productos similares"] > li').first().waitFor();
    await screenshot(desktopPage, 'products-buy-desktop');
    await desktopPage.goto(`${baseUrl()}/`);
    await desktopPage.getByRole('tab', { name: 'Marketplace' }).click();
    await desktopPage.locator('ul[aria-label="Productos de compra directa"] > li').first().waitFor();
    await screenshot(desktopPage, 'products-marketplace-desktop');
    await desktop.close();
  });

  it('shows a product that cannot be bought directly as not available', async () => {
    const token = await apiLogin(demo.seller);
    const mine = await apiCall<Array<{ id: number; can_be_bought: boolean }>>(
      'GET',
      '/api/products/get_products',
      token,
    );
    const notForSale = mine.body.find((p) => !p.can_be_bought)!;
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/products/buy/${notForSale.id}`);
    await page.getByText('Este producto no está disponible para compra directa.').waitFor();
    await page.getByText('No Disponible', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'No Disponible para Comprar' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('shows the become-a-seller message to a buyer and to a visitor', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/products`);
    await page.getByRole('heading', { name: 'Conviértete en vendedor' }).waitFor();

    await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/products`);
    await page.getByRole('heading', { name: 'Conviértete en vendedor' }).waitFor();
    expect(await page.getByRole('link', { name: 'beta@coleccionables.co' }).getAttribute('href')).toBe(
      'mailto:beta@coleccionables.co',
    );
    expect(await page.getByRole('link', { name: 'Agregar Producto' }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'products-become-seller-phone');
    await context.close();
  });

  it('shows the public seller profile by username and by id, with its direct-buy grid', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/public-profile/vendedor_demo`);
    await page.getByRole('heading', { name: 'vendedor_demo', level: 1 }).waitFor();
    await page.getByText('Vendedor Verificado').waitFor();
    await page.getByText('Miembro desde').waitFor();
    await page.getByText('Medellín, Colombia').waitFor();
    const grid = page.locator('ul[aria-label="Productos de compra directa del vendedor"] > li');
    await grid.first().waitFor();
    expect(await grid.count()).toBeGreaterThanOrEqual(3);
    await expectImageLoaded(page, 'ul[aria-label="Productos de compra directa del vendedor"] img');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'products-public-profile-phone');

    const profile = await apiCall<{ id: number }>('GET', '/api/users/public/tienda_retro');
    await page.goto(`${baseUrl()}/seller/${profile.body.id}`);
    await page.getByRole('heading', { name: 'tienda_retro', level: 1 }).waitFor();
    await page.locator('ul[aria-label="Productos de compra directa del vendedor"] > li').first().waitFor();

    await page.goto(`${baseUrl()}/public-profile/comprador_demo`);
    await page.getByRole('heading', { name: 'comprador_demo', level: 1 }).waitFor();
    await page.getByText('Este vendedor aún no ha agregado una descripción.').waitFor();
    await page.getByText('Este vendedor no tiene productos de compra directa.').waitFor();

    await page.goto(`${baseUrl()}/public-profile/nadie_existe_aqui`);
    await page.getByText('No se pudo obtener la información del perfil').waitFor();
    await context.close();

    const desktop = await newContext(browser, DESKTOP);
    const desktopPage = await desktop.newPage();
    await desktopPage.goto(`${baseUrl()}/public-profile/vendedor_demo`);
    await desktopPage
      .locator('ul[aria-label="Productos de compra directa del vendedor"] > li')
      .first()
      .waitFor();
    await screenshot(desktopPage, 'products-public-profile-desktop');
    await desktop.close();
  });
});
