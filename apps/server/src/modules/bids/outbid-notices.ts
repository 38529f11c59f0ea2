import { formatNumber } from '@app/contracts';
import { toPesos } from '../../platform/money.ts';
import { type NotificationInsert, notificationRows } from '../notifications/notifications.service.ts';
import type { GroupDecision } from './decide-bids.ts';
import type { RaceRow } from './race-memory.ts';

/**
 * The outbid notices of a decision, for users whose lead was taken (by a person or by a
 * ceiling). Only a bid takes a lead, so notices come with bids.
 */
export function outbidNotices(
  decision: GroupDecision,
  race: RaceRow,
  productId: number,
  now: Date,
): NotificationInsert[] {
  const amount = decision.race.highest ?? 0;
  return notificationRows(
    decision.outbid.map((userId) => ({
      userId,
      type: 'outbid',
      title: 'Te han superado en una puja',
      message: `Alguien ofreció $${formatNumber(toPesos(amount))} por "${race.product_name ?? 'un producto'}" en la subasta "${race.title}". ¡Puja de nuevo!`,
      link: `/auctions/product/${productId}`,
    })),
    now,
  );
}
