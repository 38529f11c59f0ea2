import {
  marketDay,
  vacationMessages as messages,
  type SetVacationInput,
  type VacationFields,
  vacationDayOf,
  vacationEndsAt,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { setSellerAway } from '../users/account-states.service.ts';

/**
 * A seller is away while the clock is before the stored `away_until`, the end (in Bogotá) of the
 * last day they chose; from that instant on the vacation is over by itself, with nothing to undo.
 */
export function vacationOf(
  row: { away_until: Date | string | null; away_message: string | null },
  now: Date,
): VacationFields {
  if (row.away_until === null) return { away_until: null, away_message: null };
  const endsAt = new Date(row.away_until);
  if (now.getTime() >= endsAt.getTime()) return { away_until: null, away_message: null };
  return { away_until: vacationDayOf(endsAt), away_message: row.away_message };
}

/** The seller's vacation now, read with `db` (a path's own transaction, so a change committed before is seen). */
export async function sellerVacation(db: Database, sellerId: number, now: Date): Promise<VacationFields> {
  const row = await db
    .selectFrom('users')
    .select(['away_until', 'away_message'])
    .where('id', '=', sellerId)
    .executeTakeFirst();
  return row ? vacationOf(row, now) : { away_until: null, away_message: null };
}

/** Refuses (409) buying from or offering to a seller who is away. */
export async function assertSellerNotAway(db: Database, sellerId: number, now: Date): Promise<void> {
  const { away_until } = await sellerVacation(db, sellerId, now);
  if (away_until) throw conflict('SELLER_AWAY', messages.away(away_until));
}

/** Refuses (409) a seller who is away starting an auction. */
export async function assertMayStartAuction(db: Database, sellerId: number, now: Date): Promise<void> {
  const { away_until } = await sellerVacation(db, sellerId, now);
  if (away_until) throw conflict('SELLER_AWAY', messages.cannotStartAuction(away_until));
}

/**
 * `PUT /api/sellers/vacation`: a seller sets the last day away (today or later in Bogotá, by the
 * server's clock) and an optional message, or ends the vacation with `away_until: null`.
 */
export async function setVacation(ctx: AppContext, userId: number, input: SetVacationInput) {
  const now = ctx.clock.now();
  const user = await ctx.db
    .selectFrom('users')
    .select(['is_seller'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound('USER_NOT_FOUND', messages.sellersOnly);
  if (!user.is_seller) throw forbidden('NOT_SELLER', messages.sellersOnly);
  if (input.away_until === null) {
    await setSellerAway(ctx.db, userId, { until: null, message: null }, now);
    return { message: messages.ended, away_until: null, away_message: null };
  }
  if (input.away_until < marketDay(now))
    throw fieldError('VACATION_DATE_PAST', 'away_until', messages.datePast);
  await setSellerAway(
    ctx.db,
    userId,
    { until: vacationEndsAt(input.away_until), message: input.message },
    now,
  );
  return {
    message: messages.saved(input.away_until),
    away_until: input.away_until,
    away_message: input.message,
  };
}
