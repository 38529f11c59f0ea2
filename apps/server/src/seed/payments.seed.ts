import { createBanksService } from '../modules/banks/banks.service.ts';
import { createShippingAddressesService } from '../modules/shipping/shipping-addresses.service.ts';
import type { DemoProducts } from './products.data.ts';
import type { SeedContext } from './seed-context.ts';
import type { DemoUsers } from './users.seed.ts';

/**
 * Demo shipping addresses and bank accounts: both buyers can buy right away (a default address
 * each) and vendedor_demo has the account its payouts go to.
 */
export async function seedPayments(
  ctx: SeedContext,
  users: DemoUsers,
  _products: DemoProducts,
): Promise<void> {
  const addresses = createShippingAddressesService(ctx);
  await addresses.create(users.comprador_demo, {
    address: 'Calle 5 # 38-25, Apto 402',
    city: 'Cali',
    state: 'Valle del Cauca',
    country: 'Colombia',
    postal_code: '760042',
    is_default: true,
  });
  await addresses.create(users.coleccionista_demo, {
    address: 'Carrera 53 # 76-120',
    city: 'Barranquilla',
    state: 'Atlántico',
    country: 'Colombia',
    postal_code: '080020',
    is_default: true,
  });

  const bank = await ctx.db
    .selectFrom('banks')
    .select('id')
    .where('name', '=', 'Bancolombia')
    .executeTakeFirstOrThrow();
  await createBanksService(ctx, ctx.users).createAccount(users.vendedor_demo, {
    bank_id: bank.id,
    account_number: '20512345678',
    account_type: 'ahorro',
    account_name: 'Valentina Restrepo',
    account_document_type: 'CC',
    account_document_number: '1036123456',
  });
}
