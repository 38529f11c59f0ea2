import {
  MAX_SHIPPING_ADDRESSES,
  shippingAddressMessages as messages,
  type SaleShippingAddress,
  type ShippingAddress,
  type ShippingAddressInput,
} from '@app/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { type AddressRow, shippingAddressesRepository as repo } from './shipping-addresses.repository.ts';

function toAddressDto(row: AddressRow): ShippingAddress {
  return {
    id: row.id,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    postal_code: row.postal_code,
    is_default: row.is_default,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * A user's shipping addresses. Invariant: once a user has any address, exactly one is the
 * default. Every change locks the user's row first, so concurrent changes of one user queue up.
 */
export function createShippingAddressesService(ctx: AppContext) {
  const { db, clock } = ctx;
  const addressNotFound = () => notFound('ADDRESS_NOT_FOUND', messages.notFound);

  return {
    /** The user's addresses, default first; 404 when there are none. */
    async list(userId: number): Promise<ShippingAddress[]> {
      const rows = await repo.listByUser(db, userId, MAX_SHIPPING_ADDRESSES);
      if (rows.length === 0) throw notFound('NO_ADDRESSES', messages.none);
      return rows.map(toAddressDto);
    },

    /** Adds an address; the first one, or one marked default, becomes the default. */
    async create(userId: number, input: ShippingAddressInput): Promise<ShippingAddress> {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        const count = await repo.countByUser(trx, userId);
        if (count >= MAX_SHIPPING_ADDRESSES) throw conflict('TOO_MANY_ADDRESSES', messages.tooMany);
        const makeDefault = input.is_default || count === 0;
        if (makeDefault) await repo.clearDefault(trx, userId, now);
        const { is_default: _ignored, ...values } = input;
        return repo.insert(trx, userId, { ...values, is_default: makeDefault }, now);
      });
      return toAddressDto(row);
    },

    /**
     * Edits an address (or only makes it the default). Turning the default off is ignored:
     * another address becomes the default only by being chosen.
     */
    async update(
      userId: number,
      id: number,
      input: ShippingAddressInput | { is_default: true },
    ): Promise<ShippingAddress> {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        const current = await repo.findOwned(trx, userId, id);
        if (!current) throw addressNotFound();
        const makeDefault = input.is_default === true && !current.is_default;
        if (makeDefault) await repo.clearDefault(trx, userId, now);
        const { is_default: _ignored, ...values } = input as ShippingAddressInput;
        return repo.update(trx, id, { ...values, ...(makeDefault ? { is_default: true } : {}) }, now);
      });
      return toAddressDto(row);
    },

    /** Deletes an address; when it was the default, the newest remaining one takes its place. */
    async remove(userId: number, id: number): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        const current = await repo.findOwned(trx, userId, id);
        if (!current) throw addressNotFound();
        await repo.remove(trx, id);
        if (current.is_default) {
          const next = await repo.findNewest(trx, userId);
          if (next) await repo.update(trx, next.id, { is_default: true }, now);
        }
      });
    },
  };
}

/** The buyer's default address as recorded with a sale (inside the caller's transaction). */
export async function defaultAddressForSale(
  trx: Database,
  userId: number,
): Promise<SaleShippingAddress | null> {
  const row = await repo.findDefault(trx, userId);
  if (!row) return null;
  return {
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    zip_code: row.postal_code,
  };
}

/** An erased account's saved addresses go with it. */
export async function forgetShippingAddresses(trx: Database, userId: number): Promise<void> {
  await trx.deleteFrom('shipping_addresses').where('user_id', '=', userId).execute();
}
