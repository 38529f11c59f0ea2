import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  launchBrowser,
  loginAs,
  openPage as openBrowserPage,
  PHONE,
} from './support/browser.ts';

describe('búsquedas guardadas', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const openPage = (viewport = DESKTOP) => openBrowserPage(browser, viewport);
  const resultNames = (page: Page) =>
    page.getByRole('list', { name: 'Resultados' }).getByRole('heading').allTextContents();

  it('sends a visitor without a session to the login', async () => {
    const { context, page } = await openPage();
    await page.goto(`${baseUrl()}/explorar?q=funko`);
    await page.getByRole('link', { name: 'Guardar búsqueda' }).click();
    await page.waitForURL(/\/login/);
    await context.close();
  });

  it('saves the view from Explorar, lists it, opens it again and deletes it', async () => {
    const { context, page, errors } = await openPage();
    await loginAs(page, demo.collector);
    const view = '/explorar?q=funko&kind=buy_now&sort=price_asc';
    await page.goto(`${baseUrl()}${view}`);
    await expect.poll(() => resultNames(page)).toContain('Funko Pop! Darth Vader');
    const shown = await resultNames(page);

    await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guardar búsqueda' });
    const name = dialog.getByLabel('Nombre de la búsqueda');
    expect(await name.inputValue()).toBe('funko');
    await checkPage(page, 'saved-search-dialog-desktop');

    // A blank name is refused in the dialog, in Spanish.
    await name.fill('   ');
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect.poll(() => dialog.getByText('El nombre es obligatorio').isVisible()).toBe(true);
    await name.fill('Funko baratos');
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // From the Actividad menu.
    await page.getByRole('button', { name: /Actividad/ }).click();
    await page.getByRole('menuitem', { name: 'Búsquedas guardadas' }).click();
    await page.waitForURL(/\/busquedas$/);
    await page.getByRole('heading', { level: 1, name: 'Búsquedas guardadas' }).waitFor();
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Funko baratos' }) });
    await item.waitFor();
    const chips = await item.getByRole('list', { name: 'Filtros' }).getByRole('listitem').allTextContents();
    expect(chips).toEqual(['“funko”', 'Compra directa', 'Orden: Menor precio']);
    await checkPage(page, 'saved-searches-desktop');

    // 'Ver resultados' is the same view.
    await item.getByRole('link', { name: 'Ver resultados' }).click();
    await page.waitForURL((url) => url.pathname === '/explorar');
    expect(new URL(page.url()).search).toBe('?q=funko&kind=buy_now&sort=price_asc');
    await expect.poll(() => resultNames(page)).toEqual(shown);

    // Phone width: the list and the dialog fit.
    const phone = await openPage(PHONE);
    await loginAs(phone.page, demo.collector);
    await phone.page.goto(`${baseUrl()}/busquedas`);
    await phone.page.getByRole('heading', { name: 'Funko baratos' }).waitFor();
    await checkPage(phone.page, 'saved-searches-phone');
    await phone.page.goto(`${baseUrl()}${view}`);
    await phone.page.getByRole('button', { name: 'Guardar búsqueda' }).click();
    await phone.page.getByRole('dialog', { name: 'Guardar búsqueda' }).waitFor();
    await checkPage(phone.page, 'saved-search-dialog-phone');
    await phone.context.close();

    // Delete, after confirming.
    await page.goto(`${baseUrl()}/busquedas`);
    await item.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar búsqueda' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Aún no tienes búsquedas guardadas', { exact: false }).waitFor();
    await checkPage(page, 'saved-searches-empty');
    expect(errors).toEqual([]);
    await context.close();
  });
});
