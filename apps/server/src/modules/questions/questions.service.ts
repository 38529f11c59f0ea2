import type { AnswerQuestionSchema, AskQuestionSchema, BlockAskerSchema } from '@app/contracts';
import {
  commonMessages,
  questionMessages as messages,
  type ProductQuestionsResponse,
  type PublicQuestion,
  pageMeta,
  type QuestionCreated,
  type SellerQuestionsResponse,
  vacationMessages,
} from '@app/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.ts';
import { assertProductVisible } from '../products/product-visibility.service.ts';
import { createSellerBlocksService, isBuyerBlocked } from '../trust/trust.service.ts';
import { sellerVacation } from '../trust/vacation.service.ts';
import { questionsRepository as repo } from './questions.repository.ts';

/** Products that still take questions: listed, in an auction or not. Sold or withdrawn ones do not. */
const OPEN_STATUSES = new Set(['available', 'in_auction']);

/** Where a product is shown: its auction page while it is in one, else its buy-now page. */
export function productLink(productId: number, status: string): string {
  return status === 'in_auction' ? `/auctions/product/${productId}` : `/products/buy/${productId}`;
}

/** A question named in a list: its text, cut to 80 characters. */
export function questionLabel(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

interface QuestionRow {
  id: number;
  text: string;
  created_at: Date;
  answer_text: string | null;
  answered_at: Date | null;
  asker_username: string;
}

function toPublic(row: QuestionRow): PublicQuestion {
  return {
    id: row.id,
    text: row.text,
    asker_username: row.asker_username,
    created_at: row.created_at.toISOString(),
    answer:
      row.answer_text !== null && row.answered_at !== null
        ? { text: row.answer_text, created_at: new Date(row.answered_at).toISOString() }
        : null,
  };
}

/**
 * A question as the target of a report: its text, the page it is shown on, and its asker (the
 * account a suspension would reach). A hidden question can still be reported and judged.
 */
export const questionReportTarget = {
  async find(db: Database, id: number) {
    const row = await repo.findById(db, id);
    if (!row) return undefined;
    return {
      name: questionLabel(row.text),
      link: productLink(row.product_id, row.product_status),
      ownerId: row.asker_id,
    };
  },
};

/** The questions in a user's data export: asked by them, or received on their products. */
export async function questionsOfUser(db: Database, userId: number) {
  const rows = await repo.ofUser(db, userId);
  return rows.map((q) => ({
    id: q.id,
    role: q.asker_id === userId ? 'asker' : 'seller',
    product_id: q.product_id,
    product_name: q.product_name,
    text: q.text,
    created_at: q.created_at.toISOString(),
    answer: q.answer_text,
    answered_at: q.answered_at ? new Date(q.answered_at).toISOString() : null,
    hidden: q.hidden_at !== null,
  }));
}

/** Public questions on a listing, answered once by its owner, who may hide them or block askers. */
export function createQuestionsService(ctx: AppContext) {
  const { db, clock, events } = ctx;
  const blocks = createSellerBlocksService(ctx);

  return {
    /**
     * A logged-in user who is not the owner asks about a product still on sale (404 unknown, 403
     * own product or blocked asker, 409 sold or withdrawn); the owner is notified.
     */
    async ask(askerId: number, input: z.output<typeof AskQuestionSchema>): Promise<QuestionCreated> {
      const now = clock.now();
      const { question, notified } = await db.transaction().execute(async (trx) => {
        const product = await repo.findProduct(trx, input.product_id);
        if (!product) throw notFound('PRODUCT_NOT_FOUND', messages.productNotFound);
        await assertProductVisible(trx, product, askerId);
        if (product.owner_id === askerId) throw forbidden('OWN_PRODUCT', messages.ownProduct);
        if (!OPEN_STATUSES.has(product.status)) throw conflict('PRODUCT_CLOSED', messages.productClosed);
        if (await isBuyerBlocked(trx, product.owner_id, askerId))
          throw forbidden('ASKER_BLOCKED', messages.blocked);
        const asker = await repo.findUser(trx, askerId);
        if (!asker) throw notFound('USER_NOT_FOUND', messages.userNotFound);
        const row = await repo.insert(trx, {
          productId: product.id,
          sellerId: product.owner_id,
          askerId,
          text: input.text,
          now,
        });
        // A seller on vacation answers at once, as themselves, with their message (or a default
        // one naming the day they come back); the asker is told like for any answer.
        const away = await sellerVacation(trx, product.owner_id, now);
        const autoAnswer = away.away_until
          ? await repo.answer(
              trx,
              row.id,
              product.owner_id,
              away.away_message ?? vacationMessages.defaultAnswer(away.away_until),
              now,
            )
          : undefined;
        const notified = await createNotifications(
          trx,
          [
            {
              userId: product.owner_id,
              type: 'question',
              title: messages.newQuestionTitle,
              message: messages.newQuestion(asker.username, product.name),
              link: '/questions',
            },
            ...(autoAnswer
              ? [
                  {
                    userId: askerId,
                    type: 'question_answered' as const,
                    title: messages.answeredTitle,
                    message: messages.answeredMessage(product.name),
                    link: productLink(product.id, product.status),
                  },
                ]
              : []),
          ],
          now,
        );
        const question = toPublic({
          ...row,
          answer_text: autoAnswer?.answer_text ?? null,
          answered_at: autoAnswer?.answered_at ?? null,
          asker_username: asker.username,
        });
        return { question, notified };
      });
      await publishNotifications(events, notified);
      return { message: messages.asked, question };
    },

    /**
     * Public: the product's visible questions, newest first (404 for an unknown product, and for
     * one taken down unless the viewer is its owner or an operator).
     */
    async listForProduct(
      productId: number,
      viewerId: number | null,
      page: number,
      size: number,
    ): Promise<ProductQuestionsResponse> {
      const product = await repo.findProduct(db, productId);
      if (!product) throw notFound('PRODUCT_NOT_FOUND', messages.productNotFound);
      await assertProductVisible(db, product, viewerId);
      const { rows, total } = await repo.listForProduct(db, productId, size, (page - 1) * size);
      return { items: rows.map(toPublic), meta: pageMeta(total, page, size) };
    },

    /** The questions on the caller's products, unanswered or answered. */
    async listForSeller(
      sellerId: number,
      status: 'unanswered' | 'answered',
      page: number,
      size: number,
    ): Promise<SellerQuestionsResponse> {
      const { rows, total } = await repo.listForSeller(
        db,
        sellerId,
        status === 'answered',
        size,
        (page - 1) * size,
      );
      return {
        items: rows.map((row) => ({
          ...toPublic(row),
          product_id: row.product_id,
          product_name: row.product_name,
          product_link: productLink(row.product_id, row.product_status),
        })),
        meta: pageMeta(total, page, size),
      };
    },

    /**
     * The product's owner answers once (403 for anyone else, 409 once answered, 404 unknown or
     * hidden); the asker is notified. The write itself decides between two answers sent at once.
     */
    async answer(
      sellerId: number,
      questionId: number,
      input: z.output<typeof AnswerQuestionSchema>,
    ): Promise<QuestionCreated> {
      const now = clock.now();
      const { question, notified } = await db.transaction().execute(async (trx) => {
        const found = await repo.findById(trx, questionId);
        if (!found || found.hidden_at !== null)
          throw notFound('QUESTION_NOT_FOUND', messages.questionNotFound);
        if (found.seller_id !== sellerId) throw forbidden('NOT_OWNER', commonMessages.forbidden);
        const written = await repo.answer(trx, questionId, sellerId, input.text, now);
        if (!written) throw conflict('ALREADY_ANSWERED', messages.alreadyAnswered);
        const notified = await createNotifications(
          trx,
          [
            {
              userId: found.asker_id,
              type: 'question_answered',
              title: messages.answeredTitle,
              message: messages.answeredMessage(found.product_name),
              link: productLink(found.product_id, found.product_status),
            },
          ],
          now,
        );
        return { question: toPublic({ ...found, ...written }), notified };
      });
      await publishNotifications(events, notified);
      return { message: messages.answered, question };
    },

    /** The owner hides a question from the product page; hiding it again changes nothing. */
    async hide(sellerId: number, questionId: number): Promise<{ message: string }> {
      const found = await repo.findById(db, questionId);
      if (!found) throw notFound('QUESTION_NOT_FOUND', messages.questionNotFound);
      if (found.seller_id !== sellerId) throw forbidden('NOT_OWNER', commonMessages.forbidden);
      await repo.hide(db, questionId, sellerId, clock.now());
      return { message: messages.hidden };
    },

    /**
     * A seller stops a user from asking on any of the seller's products: the seller's one list of
     * blocked buyers, which also refuses their bids, purchases and offers.
     */
    async block(sellerId: number, input: z.output<typeof BlockAskerSchema>): Promise<{ message: string }> {
      return { message: messages.blockedDone(await blocks.block(sellerId, input.username)) };
    },
  };
}
