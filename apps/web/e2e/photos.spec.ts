import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  baseUrl,
  checkPage,
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
import { createProductViaApi } from './support/fixtures.ts';

/** A real PNG of one colour, encoded by hand (the photos are told apart by their width). */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
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
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const rows = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const COLOURS: Array<[number, number, number]> = [
  [200, 40, 40],
  [40, 140, 60],
  [40, 70, 190],
];
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The gallery's counter on the page ('Foto 2 de 3'). */
const counter = (page: Page) => page.locator('p[aria-live="polite"]', { hasText: /^Foto \d+ de \d+$/ });

/** Opens the full-screen view, moves with the keyboard, closes with Escape, and checks the focus came back. */
async function walkLightbox(page: Page, total: number, shot: string) {
  const opener = page.getByRole('button', { name: /^Ampliar foto 1 de/ });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Fotos en pantalla completa' });
  await dialog.waitFor();
  const shown = dialog.locator('.yarl__counter');
  await expect.poll(() => shown.textContent()).toBe(`1 de ${total}`);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => shown.textContent()).toBe(`2 de ${total}`);
  // The counter reads 'Foto 2 de N' on screen (its "Foto" is drawn by the stylesheet).
  expect(await shown.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Foto "');
  expect(await dialog.getByRole('group', { name: `Foto 2 de ${total}` }).count()).toBe(1);
  await dialog.getByRole('button', { name: 'Acercar' }).waitFor();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => shown.textContent()).toBe(`1 de ${total}`);
  await page.keyboard.press('ArrowRight');
  // The focus stays inside while it is open.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  await expectAccessible(page);
  // Once the slide has come to rest the photo is centred in the window (a photo left off to one
  // side, or a screenshot taken mid-slide, would show half of it).
  const slide = dialog.getByRole('group', { name: `Foto 2 de ${total}` }).locator('img');
  const width = page.viewportSize()!.width;
  await expect
    .poll(async () => {
      const box = await slide.boundingBox();
      return box ? Math.round(Math.abs(box.x + box.width / 2 - width / 2)) : null;
    })
    .toBeLessThanOrEqual(1);
  await screenshot(page, shot);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // Back on the page: on the photo it showed last, the focus on what opened it.
  await expect.poll(() => counter(page).textContent()).toBe(`Foto 2 de ${total}`);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
    .toMatch(/^Ampliar foto 2 de/);
}

describe('product photos', () => {
  let browser: Browser;
  let sellerToken: string;
  const files: string[] = [];
  const stamp = Date.now() % 100000;

  beforeAll(async () => {
    browser = await launchBrowser();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'photos-e2e-'));
    // Widths 300, 240, 180: which one is the cover shows in the stored photo's width.
    COLOURS.forEach((rgb, i) => {
      const file = path.join(dir, `foto-${i + 1}.png`);
      writeFileSync(file, solidPng(300 - i * 60, 160, rgb));
      files.push(file);
    });
  });
  afterAll(() => browser?.close());

  it('creates a product with three photos, puts the third first, and the card shows it as the cover', async () => {
    const name = `Matchbox Land Rover fotos ${stamp}`;
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    sellerToken = await loginAs(page, demo.seller);
    await page.goto(`${baseUrl()}/products/create`);
    await page.getByRole('heading', { name: 'Agregar Producto' }).waitFor();
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
    await page.getByRole('spinbutton', { name: 'Año', exact: true }).fill('2019');
    await page
      .getByRole('textbox', { name: 'Descripción', exact: true })
      .fill('Con caja; la base se ve en la foto 3.');
    await page
      .getByRole('combobox', { name: 'Categoría', exact: true })
      .selectOption({ label: 'Autos die-cast' });
    const brand = page.getByRole('combobox', { name: 'Marca', exact: true });
    await expect.poll(() => brand.locator('option', { hasText: 'Matchbox' }).count()).toBe(1);
    await brand.selectOption({ label: 'Matchbox' });
    await page.getByRole('combobox', { name: 'Escala', exact: true }).selectOption({ label: '1:64' });

    // Three photos at once; the first is marked as the cover.
    await page.getByLabel('Seleccionar fotos').setInputFiles(files);
    const tiles = page.locator('ol[aria-labelledby] > li');
    await expect.poll(() => tiles.count()).toBe(3);
    expect(await tiles.nth(0).getByText('Portada', { exact: true }).count()).toBe(1);
    // The third becomes the cover, then the (old) first moves one place later.
    await page.getByRole('button', { name: 'Usar la foto 3 como portada' }).click();
    await page.getByRole('button', { name: 'Mover la foto 2 después' }).click();
    await checkPage(page, 'photos-create-desktop');
    // Now 3, 2, 1. Removing the last and adding it back leaves it last.
    await page.getByRole('button', { name: 'Quitar la foto 3' }).click();
    await expect.poll(() => tiles.count()).toBe(2);
    await page.getByLabel('Seleccionar fotos').setInputFiles(files[0]!);
    await expect.poll(() => tiles.count()).toBe(3);

    await page.getByRole('button', { name: 'Crear Producto' }).click();
    await page.getByText('¡Producto creado exitosamente!').waitFor();
    await page.waitForURL(/\/products$/, { timeout: 10_000 });

    const own = await apiCall<Array<{ id: number; name: string }>>(
      'GET',
      '/api/products/get_products',
      sellerToken,
    );
    const productId = own.body.find((p) => p.name === name)!.id;
    const product = await apiCall('GET', `/api/products/get_product/${productId}`, sellerToken);
    // Order after the moves: photo 3 (180 px), photo 2 (240 px), photo 1 (300 px).
    expect(product.body.images.map((p: { width: number }) => p.width)).toEqual([180, 240, 300]);
    const cover = product.body.images[0];

    await page.getByLabel('Buscar por nombre').fill(name.toLowerCase());
    const card = page.locator('ul[aria-label="Tus productos"] > li', { hasText: name });
    await card.waitFor();
    expect(await card.locator(`img[alt="${name}"]`).getAttribute('src')).toBe(cover.thumb_url);
    await screenshot(page, 'photos-card-desktop');

    // The edit modal reorders at once: the old second photo becomes the cover on the page behind.
    await page.goto(`${baseUrl()}/products/${productId}`);
    await page.getByRole('button', { name: 'Editar detalles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Detalles del Producto' });
    await dialog.getByRole('button', { name: 'Usar la foto 2 como portada' }).click();
    await expect
      .poll(
        async () => (await apiCall('GET', `/api/products/get_product/${productId}`, sellerToken)).body.image,
      )
      .toBe(product.body.images[1].url);
    await expectAccessible(page);
    await screenshot(page, 'photos-edit-modal-desktop');
    await context.close();
  });

  it('at 390 px: a photo the server refuses is named under the photos and the other fields stay filled', async () => {
    const name = `Funko foto rechazada ${stamp}`;
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await loginAs(page, demo.seller);
    await page.goto(`${baseUrl()}/products/create`);
    await page.getByRole('heading', { name: 'Agregar Producto' }).waitFor();
    const nameField = page.getByRole('textbox', { name: 'Nombre', exact: true });
    await nameField.fill(name);
    await page.getByRole('spinbutton', { name: 'Año', exact: true }).fill('2021');
    const description = page.getByRole('textbox', { name: 'Descripción', exact: true });
    await description.fill('Caja con una esquina golpeada.');
    await page
      .getByRole('combobox', { name: 'Categoría', exact: true })
      .selectOption({ label: 'Figuras de vinilo' });
    const brand = page.getByRole('combobox', { name: 'Marca', exact: true });
    await expect.poll(() => brand.locator('option', { hasText: 'Funko' }).count()).toBe(1);
    await brand.selectOption({ label: 'Funko' });
    // A real photo, then a file that says it is a PNG but is not one: the browser lets it through
    // (its type is the name's), the server sniffs the bytes and refuses the create.
    await page.getByLabel('Seleccionar fotos').setInputFiles(files[0]!);
    await page.getByLabel('Seleccionar fotos').setInputFiles({
      name: 'no-es-foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('no es una imagen'),
    });
    const tiles = page.locator('ol[aria-labelledby] > li');
    await expect.poll(() => tiles.count()).toBe(2);
    await page.getByRole('button', { name: 'Crear Producto' }).click();
    await page.getByText('El archivo no es una imagen válida').first().waitFor();
    expect(await page.getByText('¡Producto creado exitosamente!').count()).toBe(0);
    expect(await nameField.inputValue()).toBe(name);
    expect(await description.inputValue()).toBe('Caja con una esquina golpeada.');
    expect(await tiles.count()).toBe(2);
    await checkPage(page, 'photos-create-error-phone');
    // The bad one removed, the form goes through with what it held.
    await page.getByRole('button', { name: 'Quitar la foto 2' }).click();
    await expect.poll(() => tiles.count()).toBe(1);
    await page.getByRole('button', { name: 'Crear Producto' }).click();
    await page.getByText('¡Producto creado exitosamente!').waitFor();
    await context.close();
  });

  it('shows a gallery on the buy-now page: thumbnails, arrows, full screen with the keyboard', async () => {
    const name = `Funko galería compra ${stamp}`;
    const images = files.map((_, i) => dataUrl(solidPng(300 - i * 60, 160, COLOURS[i]!)));
    const productId = await createProductViaApi(sellerToken, {
      name,
      categoryName: 'Figuras de vinilo',
      can_be_bought: true,
      sell_price: 70_000,
      image: undefined,
      images,
    });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await loginAs(page, demo.buyer);
    await page.goto(`${baseUrl()}/products/buy/${productId}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await expect.poll(() => counter(page).textContent()).toBe('Foto 1 de 3');
    expect(await page.getByRole('img', { name: `${name}, foto 1 de 3` }).count()).toBe(1);
    await page.getByRole('button', { name: 'Ver foto 3 de 3' }).click();
    await expect.poll(() => counter(page).textContent()).toBe('Foto 3 de 3');
    await page.getByRole('button', { name: 'Foto anterior' }).click();
    await expect.poll(() => counter(page).textContent()).toBe('Foto 2 de 3');
    await page.getByRole('button', { name: 'Ver foto 1 de 3' }).click();
    await checkPage(page, 'photos-buy-desktop');
    await walkLightbox(page, 3, 'photos-buy-lightbox-desktop');
    await context.close();

    // At 390 px: the same gallery, a thumbnail to switch, the full-screen view, nothing sideways.
    const phone = await newContext(browser, PHONE);
    const onPhone = await phone.newPage();
    await loginAs(onPhone, demo.buyer);
    await onPhone.goto(`${baseUrl()}/products/buy/${productId}`);
    await onPhone.getByRole('heading', { name, level: 1 }).waitFor();
    await onPhone.getByRole('button', { name: 'Ver foto 3 de 3' }).click();
    await expect.poll(() => counter(onPhone).textContent()).toBe('Foto 3 de 3');
    await onPhone.getByRole('button', { name: 'Ver foto 1 de 3' }).click();
    await checkPage(onPhone, 'photos-buy-phone');
    await walkLightbox(onPhone, 3, 'photos-buy-lightbox-phone');
    await expectNoHorizontalScroll(onPhone);
    await phone.close();
  });

  it('shows a gallery on the auction page, at 390 px too, with no sideways scroll', async () => {
    const name = `Hot Wheels galería subasta ${stamp}`;
    const images = files.map((_, i) => dataUrl(solidPng(300 - i * 60, 160, COLOURS[i]!)));
    const productId = await createProductViaApi(sellerToken, {
      name,
      categoryName: 'Figuras de vinilo',
      image: undefined,
      images,
    });
    const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
      title: `Subasta galería ${stamp}`,
      min_offer: 1000,
      max_offer: 0,
      duration: 24,
      products: [productId],
    });
    expect(created.status).toBe(201);
    expect((await apiCall('POST', `/api/auctions/${created.body.id}/activate`, sellerToken)).status).toBe(
      200,
    );

    for (const [viewport, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await loginAs(page, demo.buyer);
      await page.goto(`${baseUrl()}/auctions/product/${productId}`);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await expect.poll(() => counter(page).textContent()).toBe('Foto 1 de 3');
      // The keyboard equivalent of a swipe: the arrow keys while the gallery has the focus.
      await page.getByRole('button', { name: 'Ver foto 1 de 3' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => counter(page).textContent()).toBe('Foto 2 de 3');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => counter(page).textContent()).toBe('Foto 1 de 3');
      if (label === 'phone') {
        // A swipe to the left on the large photo shows the next one.
        await swipeLeft(page);
        await expect.poll(() => counter(page).textContent()).toBe('Foto 2 de 3');
        await page.getByRole('button', { name: 'Foto anterior' }).click();
        await expectNoHorizontalScroll(page);
      }
      await checkPage(page, `photos-auction-${label}`);
      await walkLightbox(page, 3, `photos-auction-lightbox-${label}`);
      await expectNoHorizontalScroll(page);
      await context.close();
    }
  });
});

/** A finger moving 160 px to the left across the large photo (touch events, as a phone sends them). */
async function swipeLeft(page: Page) {
  const box = await page.getByRole('button', { name: /^Ampliar foto/ }).boundingBox();
  if (!box) throw new Error('no gallery photo');
  const y = box.y + box.height / 2;
  const session = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y }];
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(box.x + 260) });
  await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(box.x + 180) });
  await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(box.x + 100) });
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}
