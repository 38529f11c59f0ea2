import { insertProduct } from '../../factories/products.ts';
import { insertUserWithToken } from '../../factories/users.ts';
import { startTestApp, type TestApp } from '../../support/build-app.ts';

/** A logged-in operator. */
export async function insertOperator(t: TestApp, username = 'operadora') {
  const created = await insertUserWithToken(t, { username, email: `${username}@test.dev` });
  await t.ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', created.user.id).execute();
  return created;
}

/** The app of the moderation tests, with an operator, a seller and two bidders logged in. */
export async function startModerationApp() {
  const t = await startTestApp();
  return {
    t,
    operator: await insertOperator(t, 'operadora_moderacion'),
    seller: await insertUserWithToken(t, { username: 'vendedor_mod', is_seller: true }),
    bidderA: await insertUserWithToken(t, { username: 'postor_a' }),
    bidderB: await insertUserWithToken(t, { username: 'postor_b' }),
  };
}

/** Registers a bank account for `sellerId` straight into the table. */
export async function insertBankAccount(
  t: TestApp,
  sellerId: number,
  overrides: Partial<{ account_number: string; account_name: string; account_document_number: string }> = {},
) {
  const bank = await t.ctx.db.selectFrom('banks').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = new Date();
  return t.ctx.db
    .insertInto('seller_bank_accounts')
    .values({
      seller_id: sellerId,
      bank_id: bank.id,
      account_number: overrides.account_number ?? '0012345678',
      account_type: 'ahorro',
      account_name: overrides.account_name ?? 'Titular de Prueba',
      account_document_type: 'CC',
      account_document_number: overrides.account_document_number ?? '1020304050',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let saleCounter = 0;

/**
 * A confirmed sale with its payout, straight into the tables (centavos): the product delivered,
 * the payout in `status` (a payable one stamped payable by the trigger on its way there).
 */
export async function insertSaleWithPayout(
  t: TestApp,
  input: {
    sellerId: number;
    buyerId: number;
    productName?: string;
    amountCentavos?: number;
    status?: 'held' | 'payable';
    confirmedAt?: Date;
  },
) {
  saleCounter += 1;
  const db = t.ctx.db;
  const now = input.confirmedAt ?? t.ctx.clock.now();
  const amount = input.amountCentavos ?? 100_000_00;
  const commission = Math.round(amount * 0.1);
  const product = await insertProduct(db, input.sellerId, {
    name: input.productName ?? `Venta ${saleCounter}`,
    status: input.status === 'payable' ? 'delivered' : 'shipped',
  });
  const payment = await db
    .insertInto('payments')
    .values({
      kind: 'buy_now',
      product_id: product.id,
      buyer_id: input.buyerId,
      seller_id: input.sellerId,
      amount,
      status: 'confirmed',
      provider: 'sandbox',
      confirmed_at: now,
      shipping_status: input.status === 'payable' ? 'delivered' : 'shipped',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payout = await db
    .insertInto('payouts')
    .values({
      seller_id: input.sellerId,
      payment_id: payment.id,
      product_id: product.id,
      product_amount: amount,
      commission_amount: commission,
      payable_amount: amount - commission,
      payment_processor_fee: 0,
      status: 'held',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.status === 'payable') {
    await db
      .updateTable('payouts')
      .set({ status: 'payable', updated_at: now })
      .where('id', '=', payout.id)
      .execute();
  }
  return { product, paymentId: payment.id, payoutId: payout.id, amount, commission };
}
