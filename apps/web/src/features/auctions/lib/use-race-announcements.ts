import { type AuctionProductPage, formatNumber } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { serverNow } from '../../../lib/server-clock.ts';

type Race = {
  page: AuctionProductPage;
  /** Milliseconds until the product's end, by the server's clock (null without an end). */
  remaining: number | null;
  endTime: AuctionProductPage['end_time'];
  myName: string | undefined;
};

/**
 * What the bid panel's polite live region says: the last 5 minutes and the last minute of this
 * product, an extension (soft close) and being outbid.
 */
export function useRaceAnnouncements({ page, remaining, endTime, myName }: Race): string | null {
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const status = page.auction.status;

  const spoken = useRef({ five: false, one: false });
  useEffect(() => {
    if (remaining === null || remaining <= 0 || status !== 'active') return;
    if (remaining > 5 * 60_000) spoken.current.five = false;
    if (remaining > 60_000) spoken.current.one = false;
    if (remaining <= 60_000 && !spoken.current.one) {
      spoken.current = { five: true, one: true };
      setAnnouncement('Queda menos de 1 minuto para que termine la subasta de este producto');
    } else if (remaining <= 5 * 60_000 && !spoken.current.five) {
      spoken.current.five = true;
      setAnnouncement('Quedan menos de 5 minutos para que termine la subasta de este producto');
    }
  }, [remaining, status]);

  const previousEnd = useRef(endTime);
  useEffect(() => {
    const before = previousEnd.current ? Date.parse(previousEnd.current) : null;
    previousEnd.current = endTime;
    if (before === null || !endTime || Date.parse(endTime) <= before) return;
    // The window is counted from the bid that moved the end.
    const from = page.bids[0] ? Date.parse(page.bids[0].timestamp) : serverNow();
    const minutes = Math.max(1, Math.round((Date.parse(endTime) - from) / 60_000));
    setAnnouncement(
      `¡Puja de último minuto! La subasta se extendió ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`,
    );
  }, [endTime, page.bids]);

  const previousTop = useRef(page.bids[0]);
  const currentTop = useRef(page.bids[0]);
  currentTop.current = page.bids[0];
  useEffect(() => {
    const before = previousTop.current;
    const top = page.bids[0];
    previousTop.current = top;
    if (!before || !top || top.id === before.id || !myName) return;
    if (before.username !== myName || top.username === myName) return;
    // A ceiling of ours may answer within the same decision: only announce if we stay outbid.
    setTimeout(() => {
      const now = currentTop.current;
      if (!now || now.username === myName) return;
      const outbid = `Te han superado: ${now.username} pujó $${formatNumber(now.amount)}`;
      setAnnouncement((previous) =>
        previous?.startsWith('¡Puja de último minuto!') ? `${outbid}. ${previous}` : outbid,
      );
    }, 400);
  }, [page.bids, myName]);

  return announcement;
}
