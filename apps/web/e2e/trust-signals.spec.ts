import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  baseUrl,
  checkPage,
  DESKTOP,
  demo,
  loginAs,
  newContext,
  openTab,
  PHONE,
} from './support/browser.ts';
import { createProductViaApi } from './support/fixtures.ts';
import { withOwnServer } from './support/own-server.ts';

/**
 * 'Señales' and unpaid strikes in the operator console. A seller and a bidder invited for the
 * file: every call of the tests comes from 127.0.0.1, so the seller's listings and logins and the
 * bidder's bids share one client address, which is the shared-address signal. The bidder first
 * wins an auction and lets it expire unpaid (a strike). Its own server: the clock moves by days.
 */
const run = Date.now().toString(36).slice(-5);
const PASSWORD = 'clave-de-prueba-9';
const FLOW_TIMEOUT = 240_000;
const HOUR = 3600;

const seller = { username: `vende_${run}`, email: `vende.${run}@example.com` };
const bidder = { username: `puja_${run}`, email: `puja.${run}@example.com` };
const wonName = `Carta ganada ${run}`;
const downName = `Carta retirada ${run}`;
const keptName = `Carta en curso ${run}`;

/** An account invited by the operator, its password chosen on the link: its session token. */
async function invite(operatorToken: string, person: { username: string; email: string }, isSeller: boolean) {
  const created = await apiCall('POST', '/api/admin/users', operatorToken, {
    email: person.email,
    username: person.username,
    is_seller: isSeller,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = new URL(created.body.invite_url as string).pathname.split('/').pop()!;
  const accepted = await apiCall('POST', `/api/invitations/${token}/accept`, undefined, {
    new_password: PASSWORD,
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/** An hour-long auction of `productIds`, started now. */
async function startAuction(sellerToken: string, productIds: number[]): Promise<number> {
  const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
    title: `Subasta señales ${run}`,
    min_offer: 0,
    max_offer: 0,
    duration: 1,
    products: productIds,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const auctionId = created.body.id as number;
  expect((await apiCall('POST', `/api/auctions/${auctionId}/activate`, sellerToken)).status).toBe(200);
  return auctionId;
}

async function bid(token: string, auctionId: number, productId: number, amount: number) {
  const res = await apiCall('POST', '/api/bids/create-bid', token, {
    amount,
    auction_id: auctionId,
    product_id: productId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const product = (token: string, name: string) =>
  createProductViaApi(token, {
    name,
    categoryName: 'Cartas coleccionables',
    year: 1999,
    reserve_price: 1_000,
  });

const advance = async (seconds: number) =>
  expect((await apiCall('POST', '/api/test/clock', undefined, { advance_seconds: seconds })).status).toBe(
    200,
  );

describe('shill-bidding signals and unpaid strikes in the operator console', () => {
  const own = withOwnServer();
  const ids = { won: 0, down: 0, kept: 0 };

  beforeAll(async () => {
    const operatorToken = await apiLogin(demo.operator);
    await invite(operatorToken, seller, true);
    await invite(operatorToken, bidder, false);
    let sellerToken = await apiLogin(seller.email, PASSWORD);
    let bidderToken = await apiLogin(bidder.email, PASSWORD);

    // The bidder wins one and never pays: after the 72-hour window, one strike.
    ids.won = await product(sellerToken, wonName);
    const first = await startAuction(sellerToken, [ids.won]);
    await bid(bidderToken, first, ids.won, 48_500);
    await advance(HOUR + 5);
    await advance(72 * HOUR + 60);
    // Sessions may not outlive three days of the test clock: both log in again.
    sellerToken = await apiLogin(seller.email, PASSWORD);
    bidderToken = await apiLogin(bidder.email, PASSWORD);
    const profile = await apiCall('GET', '/api/users/profile', bidderToken);
    expect(profile.body.unpaid_strikes).toBe(1);

    // A second auction, running: the bidder bids on both of its products.
    ids.down = await product(sellerToken, downName);
    ids.kept = await product(sellerToken, keptName);
    const second = await startAuction(sellerToken, [ids.down, ids.kept]);
    await bid(bidderToken, second, ids.down, 20_000);
    await bid(bidderToken, second, ids.kept, 30_000);
  }, FLOW_TIMEOUT);

  it(
    'lists the pair with its shared address and products; the operator takes one down and confirms the pair',
    async () => {
      const context = await newContext(own.browser, DESKTOP);
      const page = await context.newPage();
      await loginAs(page, demo.operator);
      await page.goto(`${baseUrl()}/admin`);
      await page.getByRole('heading', { name: 'Administración', level: 1 }).waitFor();
      const panel = await openTab(page, 'Señales');
      expect(page.url()).toContain('tab=senales');
      await panel.getByText(/Una dirección compartida no prueba nada por sí sola/).waitFor();
      const row = panel.locator(`li[data-signal="${seller.username}/${bidder.username}"]`);
      await row.waitFor();
      expect(await row.getByRole('link', { name: seller.username }).getAttribute('href')).toBe(
        `/public-profile/${seller.username}`,
      );
      await row.getByRole('link', { name: bidder.username }).waitFor();
      await row.getByText('Dirección compartida').waitFor();
      await row.getByText('Misma dirección de red que el vendedor en los últimos 30 días:').waitFor();
      await row.getByText('127.0.0.1', { exact: true }).waitFor();
      // Three bids, all on this seller's products; the first auction was won (then unpaid).
      await row
        .getByText('3 de 3 pujas (100%) en productos de este vendedor; ha ganado alguna subasta')
        .waitFor();
      for (const [name, id] of [
        [wonName, ids.won],
        [downName, ids.down],
        [keptName, ids.kept],
      ] as const) {
        const href = await row.getByRole('link', { name }).getAttribute('href');
        expect(href).toMatch(new RegExp(`^/(auctions/product|products/buy)/${id}$`));
      }
      expect(await row.getByRole('link', { name: downName }).getAttribute('href')).toBe(
        `/auctions/product/${ids.down}`,
      );
      await checkPage(page, 'trust-signals-desktop');

      // Takedown from the row, through the console's takedown: a reason first.
      await row.getByRole('button', { name: `Retirar producto ${downName}` }).click();
      const takedown = page.getByRole('dialog', { name: `Retirar «${downName}»` });
      await takedown.getByRole('button', { name: 'Retirar' }).click();
      await takedown.getByText('El motivo es obligatorio').waitFor();
      await takedown.getByLabel(/Motivo/).fill('Pujas desde la misma conexión que el vendedor.');
      await checkPage(page, 'trust-signals-takedown-dialog-desktop');
      await takedown.getByRole('button', { name: 'Retirar' }).click();
      await panel.getByText('Producto retirado.').waitFor();
      await takedown.waitFor({ state: 'detached' });
      // Its bids are void with it, so it leaves the evidence: two bids remain.
      await row.getByRole('link', { name: downName }).waitFor({ state: 'detached' });
      await row
        .getByText('2 de 2 pujas (100%) en productos de este vendedor; ha ganado alguna subasta')
        .waitFor();
      // Gone for the bidder: the product's page answers 'Este producto fue retirado'.
      const bidderToken = await apiLogin(bidder.email, PASSWORD);
      const gone = await apiCall('GET', `/api/products/get_product/${ids.down}`, bidderToken);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe('Este producto fue retirado');

      // Confirming the pair voids the bid still running (the one on the product taken down is gone).
      await row
        .getByRole('button', { name: `Confirmar par ${seller.username} y ${bidder.username}` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Confirmar par' });
      await confirm
        .getByText(`¿Confirmar que ${bidder.username} puja por cuenta de ${seller.username}?`)
        .waitFor();
      await confirm.getByRole('button', { name: 'Confirmar par' }).click();
      await panel
        .getByText('Par confirmado: se anuló 1 puja en las subastas en curso del vendedor')
        .waitFor();
      await row.getByText('Par confirmado', { exact: true }).waitFor();
      // The running bid went; the row stays for the won auction's bid.
      await row
        .getByText('1 de 1 puja (100%) en productos de este vendedor; ha ganado alguna subasta')
        .waitFor();
      await checkPage(page, 'trust-signals-confirmed-desktop');

      // The register has both, newest first.
      const audit = await openTab(page, 'Registro');
      await audit.locator('li').filter({ hasText: 'Par de pujas infladas confirmado' }).first().waitFor();
      await audit
        .locator('li')
        .filter({ hasText: 'Producto retirado' })
        .filter({ hasText: downName })
        .waitFor();
      await context.close();

      // At phone width the tab reads as cards, without sideways scrolling.
      const phone = await newContext(own.browser, PHONE);
      const small = await phone.newPage();
      await loginAs(small, demo.operator);
      await small.goto(`${baseUrl()}/admin?tab=senales`);
      const phoneRow = small.locator(`li[data-signal="${seller.username}/${bidder.username}"]`);
      await phoneRow.getByText('127.0.0.1', { exact: true }).waitFor();
      await checkPage(small, 'trust-signals-phone');
      await phone.close();
    },
    FLOW_TIMEOUT,
  );

  it(
    'shows the bidder’s unpaid strike in Usuarios and clears it after asking',
    async () => {
      for (const [viewport, label] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const context = await newContext(own.browser, viewport);
        const page = await context.newPage();
        await loginAs(page, demo.operator);
        await page.goto(`${baseUrl()}/admin?tab=usuarios`);
        const panel = page.getByRole('tabpanel', { name: 'Usuarios' });
        await panel.locator('li[data-user-id]').first().waitFor();
        await checkPage(page, `trust-users-${label}`);
        if (label === 'desktop') {
          await panel.getByLabel('Buscar por usuario o correo').fill(bidder.username);
          await panel.getByRole('button', { name: 'Buscar' }).click();
          const row = panel.locator('li[data-user-id]').filter({ hasText: bidder.email });
          await row.getByText('1 en el último año').waitFor();
          await row.getByRole('button', { name: `Borrar compras sin pagar de ${bidder.username}` }).click();
          const dialog = page.getByRole('dialog', {
            name: `Borrar las compras sin pagar de ${bidder.username}`,
          });
          await dialog
            .getByText(`${bidder.username} tiene 1 compra ganada sin pagar en el último año.`)
            .waitFor();
          await checkPage(page, 'trust-users-clear-dialog-desktop');
          await dialog.getByRole('button', { name: 'Borrar compras sin pagar' }).click();
          await panel.getByText(`Se borraron las compras sin pagar de ${bidder.username}`).waitFor();
          await row.getByText('Ninguna').waitFor();
          expect(await row.getByRole('button', { name: /Borrar compras sin pagar/ }).count()).toBe(0);
          const bidderToken = await apiLogin(bidder.email, PASSWORD);
          expect((await apiCall('GET', '/api/users/profile', bidderToken)).body.unpaid_strikes).toBe(0);
        }
        await context.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
