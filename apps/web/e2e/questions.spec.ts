import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
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
  screenshot,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';

const CONTACT_MESSAGE =
  'Por tu seguridad, no compartas datos de contacto (teléfonos, correos, enlaces o redes sociales). Todo se coordina en Coleccionables.';
const run = Date.now().toString(36).slice(-5);

/** Scrolls to the questions section (it loads once near the screen) and waits for its list. */
async function openQuestions(page: Page) {
  // The placeholder heading is replaced by the loaded section, and the page above it may still
  // grow while its data arrives: scroll to the end until the section's form is there.
  const heading = page.getByRole('heading', { name: 'Preguntas al vendedor' });
  await heading.waitFor();
  await expect
    .poll(
      async () => {
        await heading.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => {});
        return page.getByLabel(/^Tu pregunta/).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
}

describe('questions on a listing', () => {
  let browser: Browser;
  let productId: number;
  const productName = `Funko Pop Batman ${run}`;
  const questionText = `¿La caja tiene golpes? (${run})`;
  const answerText = `No, la caja está perfecta (${run}).`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const sellerToken = await apiLogin(demo.seller);
    productId = await createProductViaApi(sellerToken, {
      name: productName,
      categoryName: 'Figuras de vinilo',
      can_be_bought: true,
      sell_price: 48_000,
    });
  });
  afterAll(() => browser?.close());

  // A long flow over three browser contexts: more time than one page's spec on this shared machine.
  it(
    'a buyer asks, the seller answers on /questions, the buyer sees the answer',
    { timeout: 240_000 },
    async () => {
      // The buyer, on a phone: the buy-now page's questions, a contact warning while typing.
      const buyerContext = await newContext(browser, PHONE);
      const buyer = await buyerContext.newPage();
      await loginAs(buyer, demo.collector);
      await buyer.goto(`${baseUrl()}/products/buy/${productId}`);
      await buyer.getByRole('heading', { name: productName }).waitFor();
      await openQuestions(buyer);
      await expect.poll(() => buyer.getByText('Nadie ha preguntado todavía').count()).toBe(1);
      const field = buyer.getByLabel(/^Tu pregunta/);
      await field.fill('¿Me escribes al 300 123 4567?');
      await buyer.getByText(CONTACT_MESSAGE).waitFor();
      expect(await buyer.getByRole('button', { name: 'Preguntar' }).isDisabled()).toBe(true);
      await screenshot(buyer, 'questions-contact-warning-phone');
      await field.fill('corta');
      await buyer.getByRole('button', { name: 'Preguntar' }).click();
      await buyer.getByText('La pregunta debe tener al menos 10 caracteres').waitFor();
      await field.fill(questionText);
      await buyer.getByRole('button', { name: 'Preguntar' }).click();
      await buyer.getByText('Tu pregunta fue enviada al vendedor').waitFor();
      await buyer.getByRole('listitem').filter({ hasText: questionText }).waitFor();
      await checkPage(buyer, 'questions-product-asked-phone');

      // The seller, on a desktop: Actividad > Preguntas, answers the open question.
      const sellerContext = await newContext(browser, DESKTOP);
      const seller = await sellerContext.newPage();
      await loginAs(seller, demo.seller);
      await seller.goto(`${baseUrl()}/`);
      await seller.getByRole('button', { name: /Actividad/ }).click();
      await seller.getByRole('menuitem', { name: 'Preguntas' }).click();
      await seller.getByRole('heading', { name: 'Preguntas', level: 1 }).waitFor();
      const item = seller.getByRole('listitem').filter({ hasText: questionText });
      await item.waitFor();
      expect(await item.getByRole('link', { name: productName }).count()).toBe(1);
      await checkPage(seller, 'questions-seller-desktop');
      await item.getByLabel(/^Tu respuesta/).fill('Escríbeme a vendedor@gmail.com');
      await item.getByText(CONTACT_MESSAGE).waitFor();
      await item.getByLabel(/^Tu respuesta/).fill(answerText);
      await item.getByRole('button', { name: 'Responder' }).click();
      await seller.getByText('Respuesta publicada').first().waitFor();
      await expect.poll(() => seller.getByRole('listitem').filter({ hasText: questionText }).count()).toBe(0);
      await seller.getByRole('tab', { name: 'Respondidas' }).click();
      const answered = seller.getByRole('listitem').filter({ hasText: questionText });
      await answered.getByText(answerText).waitFor();
      await checkPage(seller, 'questions-seller-answered-desktop');

      // The seller's page at 390 px too.
      const sellerPhone = await newContext(browser, PHONE);
      const phonePage = await sellerPhone.newPage();
      await loginAs(phonePage, demo.seller);
      await phonePage.goto(`${baseUrl()}/questions`);
      await phonePage.getByRole('tab', { name: 'Sin responder' }).waitFor();
      await phonePage.waitForLoadState('networkidle');
      await checkPage(phonePage, 'questions-seller-phone');

      // The buyer: notified, and the answer is on the product page.
      await buyer.goto(`${baseUrl()}/notifications`);
      await buyer.getByText('Respondieron tu pregunta').first().waitFor();
      await buyer
        .getByRole('link', { name: /^Ver respuesta/ })
        .first()
        .click();
      await buyer.getByRole('heading', { name: productName }).waitFor();
      await openQuestions(buyer);
      const shown = buyer.getByRole('listitem').filter({ hasText: questionText });
      await shown.getByText(answerText).waitFor();
      expect(await shown.getByText('Respuesta del vendedor').count()).toBe(1);
      await checkPage(buyer, 'questions-product-answered-phone');

      // Desktop view of the same section.
      const desktopContext = await newContext(browser, DESKTOP);
      const desktop = await desktopContext.newPage();
      await loginAs(desktop, demo.collector);
      await desktop.goto(`${baseUrl()}/products/buy/${productId}`);
      await openQuestions(desktop);
      await desktop.getByText(answerText).waitFor();
      await checkPage(desktop, 'questions-product-answered-desktop');

      for (const context of [buyerContext, sellerContext, sellerPhone, desktopContext]) await context.close();
    },
  );

  it('the auction product page has the section too, with the seeded questions', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const token = await loginAs(page, demo.buyer);
    const seeded = await fetch(`${baseUrl()}/api/questions/seller?status=answered`, {
      headers: { authorization: `Bearer ${await apiLogin(demo.seller)}` },
    }).then((r) => r.json() as Promise<{ items: Array<{ product_link: string; text: string }> }>);
    const inAuction = seeded.items.find((q) => q.product_link.startsWith('/auctions/product/'));
    expect(inAuction, 'the seed has an answered question on an auction product').toBeDefined();
    expect(token).toBeTruthy();
    await page.goto(`${baseUrl()}${inAuction!.product_link}`);
    await openQuestions(page);
    await page.getByText(inAuction!.text).waitFor();
    await checkPage(page, 'questions-auction-product-phone');
    await context.close();
  });

  it(
    "a reader reports someone else's question; its author and the product's owner see what they may do",
    { timeout: 240_000 },
    async () => {
      const name = `Carta reportada ${run}`;
      const text = `¿Aceptas cambios por otras cartas? (${run})`;
      const seller = await apiLogin(demo.seller);
      const id = await createProductViaApi(seller, {
        name,
        categoryName: 'Figuras de vinilo',
        can_be_bought: true,
        sell_price: 30_000,
      });
      const asked = await apiCall('POST', '/api/questions', await apiLogin(demo.buyer), {
        product_id: id,
        text,
      });
      expect(asked.status).toBe(201);
      const reportName = 'Denunciar la pregunta de @comprador_demo';

      // Another reader, on a phone: 'Denunciar' on the question, the same dialog as products.
      const readerContext = await newContext(browser, PHONE);
      const reader = await readerContext.newPage();
      await loginAs(reader, demo.collector);
      await reader.goto(`${baseUrl()}/products/buy/${id}`);
      await openQuestions(reader);
      const item = reader.getByRole('listitem').filter({ hasText: text });
      await item.getByRole('button', { name: reportName }).waitFor();
      await checkPage(reader, 'questions-report-button-phone');
      // The section alone, to look at the button beside the question at 390 px.
      await reader.getByRole('region', { name: 'Preguntas al vendedor' }).screenshot({
        path: path.resolve(import.meta.dirname, '../screenshots/questions-report-section-phone.png'),
      });
      await item.getByRole('button', { name: reportName }).click();
      const dialog = reader.getByRole('dialog', { name: 'Denunciar esta pregunta' });
      await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
      await dialog.getByText('Selecciona el motivo de la denuncia').waitFor();
      await dialog.getByLabel(/Motivo/).selectOption('ofensivo');
      await dialog.getByLabel(/Comentario/).fill('Insulta al vendedor en otras preguntas.');
      await checkPage(reader, 'questions-report-dialog-phone');
      await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
      await dialog.getByText('Gracias por avisarnos. Nuestro equipo revisará tu denuncia.').waitFor();
      await dialog.getByRole('button', { name: 'Listo' }).click();
      await dialog.waitFor({ state: 'detached' });
      await readerContext.close();

      // Its author has no 'Denunciar' on it; the product's owner has one and no 'Preguntar' form.
      for (const [email, canReport] of [
        [demo.buyer, false],
        [demo.seller, true],
      ] as const) {
        const context = await newContext(browser, PHONE);
        const page = await context.newPage();
        await loginAs(page, email);
        await page.goto(`${baseUrl()}/products/buy/${id}`);
        const heading = page.getByRole('heading', { name: 'Preguntas al vendedor' });
        await heading.waitFor();
        const question = page.getByRole('listitem').filter({ hasText: text });
        await expect
          .poll(
            async () => {
              await heading.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => {});
              return question.count();
            },
            { timeout: 30_000 },
          )
          .toBe(1);
        if (canReport) await question.getByRole('button', { name: reportName }).waitFor();
        // The owner's page asked for the profile by now; the form is decided from the product.
        await page.waitForLoadState('networkidle');
        expect(await question.getByRole('button', { name: reportName }).count()).toBe(canReport ? 1 : 0);
        expect(await page.getByLabel(/^Tu pregunta/).count()).toBe(canReport ? 0 : 1);
        await context.close();
      }

      // The operator finds it under Denuncias, linked to the product page.
      const operatorContext = await newContext(browser, DESKTOP);
      const operator = await operatorContext.newPage();
      await loginAs(operator, demo.operator);
      await operator.goto(`${baseUrl()}/admin?tab=denuncias`);
      const panel = operator.getByRole('tabpanel', { name: 'Denuncias' });
      const row = panel.locator('li').filter({ hasText: text });
      await row.getByRole('link', { name: text }).waitFor();
      expect(await row.getByRole('link', { name: text }).getAttribute('href')).toBe(`/products/buy/${id}`);
      await row.getByText('Contenido ofensivo').waitFor();
      await row.getByText('coleccionista_demo').waitFor();
      await checkPage(operator, 'questions-report-in-console-desktop');
      await operatorContext.close();
    },
  );
});
