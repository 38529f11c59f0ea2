import { marketDay, vacationMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  loginAs,
  newContext,
  PHONE,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';
import { withOwnServer } from './support/own-server.ts';

const run = Date.now().toString(36).slice(-5);
const DAY_MS = 24 * 3600_000;

// A seller on vacation changes what every other file sees of the demo seller's products: a
// server of its own.
describe('vacation mode', () => {
  const own = withOwnServer();

  it(
    'a seller turns it on: the buy-now page shows the banner and refuses buying; ending it restores',
    {
      timeout: 240_000,
    },
    async () => {
      const sellerToken = await apiLogin(demo.seller);
      const name = `Funko vacaciones ${run}`;
      const productId = await createProductViaApi(sellerToken, {
        name,
        categoryName: 'Figuras de vinilo',
        can_be_bought: true,
        sell_price: 70_000,
        accepts_offers: true,
      });
      const until = marketDay(new Date(Date.now() + 5 * DAY_MS));

      // The seller, at desktop width: 'Modo vacaciones' on /profile.
      const sellerContext = await newContext(own.browser, DESKTOP);
      const seller = await sellerContext.newPage();
      await loginAs(seller, demo.seller);
      await seller.goto(`${baseUrl()}/profile`);
      const section = seller.getByRole('region', { name: vacationMessages.title });
      await section.getByText(vacationMessages.inactive).waitFor();
      // A past day is refused with its reason.
      await section.getByLabel(vacationMessages.dateLabel).fill(marketDay(new Date(Date.now() - 3 * DAY_MS)));
      await section.getByRole('button', { name: vacationMessages.save }).click();
      await section.getByText(vacationMessages.datePast).waitFor();
      await section.getByLabel(vacationMessages.dateLabel).fill(until);
      await section.getByLabel(vacationMessages.messageLabel).fill('Vuelvo la próxima semana');
      await section.getByRole('button', { name: vacationMessages.save }).click();
      await section.getByText(vacationMessages.active(until)).waitFor();
      await section.getByRole('button', { name: vacationMessages.end }).waitFor();
      await checkPage(seller, 'vacation-profile-desktop');

      // A buyer, at phone width: the banner, no buying, no offers.
      const buyerContext = await newContext(own.browser, PHONE);
      const buyer = await buyerContext.newPage();
      const buyerToken = await loginAs(buyer, demo.buyer);
      await buyer.goto(`${baseUrl()}/products/buy/${productId}`);
      await buyer.getByText(vacationMessages.away(until)).waitFor();
      await buyer.getByText('Vuelvo la próxima semana').waitFor();
      expect(await buyer.getByRole('button', { name: 'No Disponible para Comprar' }).isDisabled()).toBe(true);
      expect(await buyer.getByRole('button', { name: 'Comprar Ahora' }).count()).toBe(0);
      expect(await buyer.getByRole('button', { name: 'Hacer una oferta' }).count()).toBe(0);
      await checkPage(buyer, 'vacation-buy-page-phone');
      // The server refuses it too, whatever the page shows.
      const refused = await apiCall('GET', `/api/bold/buy_product/${productId}`, buyerToken);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(vacationMessages.away(until));

      // The same page at desktop width for another buyer, and the seller's public profile.
      const wide = await newContext(own.browser, DESKTOP);
      const widePage = await wide.newPage();
      // The buy-now page asks a visitor to log in first.
      await loginAs(widePage, demo.collector);
      await widePage.goto(`${baseUrl()}/products/buy/${productId}`);
      await widePage.getByText(vacationMessages.away(until)).waitFor();
      await checkPage(widePage, 'vacation-buy-page-desktop');
      const profile = await apiCall('GET', '/api/users/profile', sellerToken);
      await widePage.goto(`${baseUrl()}/public-profile/${profile.body.username}`);
      await widePage.getByText(vacationMessages.away(until)).waitFor();
      await checkPage(widePage, 'vacation-public-profile-desktop');
      await wide.close();

      // Ending it: the page can be bought from again.
      await seller.getByRole('button', { name: vacationMessages.end }).click();
      await seller.getByText(vacationMessages.ended).waitFor();
      await seller.getByText(vacationMessages.inactive).waitFor();
      await checkPage(seller, 'vacation-ended-desktop');
      await sellerContext.close();
      await buyer.reload();
      await buyer.getByRole('button', { name: 'Comprar Ahora' }).waitFor();
      expect(await buyer.getByText(vacationMessages.away(until)).count()).toBe(0);
      await buyerContext.close();
    },
  );
});
