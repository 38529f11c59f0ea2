import { followMessages as m } from '@app/contracts';
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

// Following the demo seller sends the buyer notices other files do not expect, and changes the
// seller's follower count: a server of its own.
describe('following sellers', () => {
  const own = withOwnServer();

  it(
    "a buyer follows a seller with 'Seguir' on the public profile and hears when that seller starts an auction",
    { timeout: 240_000 },
    async () => {
      const sellerToken = await apiLogin(demo.seller);
      const seller = (await apiCall('GET', '/api/users/profile', sellerToken)).body.username as string;
      const profileUrl = `${baseUrl()}/public-profile/${seller}`;

      // A visitor: 'Seguir' leads to the login.
      const visitorContext = await newContext(own.browser, PHONE);
      const visitor = await visitorContext.newPage();
      await visitor.goto(profileUrl);
      const visitorFollow = visitor.getByRole('link', { name: m.followLabel(seller) });
      await visitorFollow.waitFor();
      await visitor.getByText(m.followers(0)).waitFor();
      await checkPage(visitor, 'follows-profile-visitor-phone');
      await visitorFollow.click();
      await visitor.waitForURL(/\/login/);
      await visitorContext.close();

      // The buyer at phone width: follows, unfollows and follows again with the keyboard.
      const buyerContext = await newContext(own.browser, PHONE);
      const buyer = await buyerContext.newPage();
      const buyerToken = await loginAs(buyer, demo.buyer);
      await buyer.goto(profileUrl);
      const follow = buyer.getByRole('button', { name: m.followLabel(seller) });
      await follow.click();
      const following = buyer.getByRole('button', { name: m.followingLabel(seller) });
      await following.waitFor();
      expect(await following.getAttribute('aria-pressed')).toBe('true');
      expect(await following.innerText()).toContain(m.following);
      await buyer.getByText(m.followers(1)).waitFor();
      await checkPage(buyer, 'follows-profile-following-phone');
      await following.focus();
      await buyer.keyboard.press('Enter');
      await follow.waitFor();
      await buyer.getByText(m.followers(0)).waitFor();
      expect((await apiCall('GET', '/api/follows', buyerToken)).body.meta.total).toBe(0);
      await follow.focus();
      await buyer.keyboard.press('Space');
      await following.waitFor();
      const list = await apiCall('GET', '/api/follows', buyerToken);
      expect(list.body.data.map((s: { username: string }) => s.username)).toEqual([seller]);

      // The same profile at desktop width, after a reload: the state comes from the server.
      const wide = await newContext(own.browser, DESKTOP);
      const widePage = await wide.newPage();
      await loginAs(widePage, demo.buyer);
      await widePage.goto(profileUrl);
      await widePage.getByRole('button', { name: m.followingLabel(seller) }).waitFor();
      await widePage.getByText(m.followers(1)).waitFor();
      await checkPage(widePage, 'follows-profile-following-desktop');
      await wide.close();

      // The seller starts an auction: the buyer's notifications show it.
      const title = `Seguidos ${run}`;
      const productId = await createProductViaApi(sellerToken, {
        name: `Funko seguidos ${run}`,
        categoryName: 'Figuras de vinilo',
      });
      const created = await apiCall('POST', '/api/auctions/create', sellerToken, {
        title,
        min_offer: 1000,
        max_offer: 0,
        duration: 24,
        products: [productId],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await apiCall('POST', `/api/auctions/${created.body.id}/activate`, sellerToken)).status).toBe(
        200,
      );
      await buyer.goto(`${baseUrl()}/notifications`);
      await buyer.getByRole('heading', { name: 'Notificaciones' }).waitFor();
      const notice = buyer.locator('li', { hasText: m.auctionNotice(seller, title) });
      await notice.waitFor();
      await notice.getByText(m.noticeTitle(seller)).waitFor();
      await notice.getByRole('link', { name: /^Ver publicación/ }).waitFor();
      await checkPage(buyer, 'follows-notifications-phone');
      await buyerContext.close();
    },
  );
});
