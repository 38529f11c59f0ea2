import { z } from 'zod';
import {
  contactSafe,
  hasControlCharacter,
  PageMetaSchema,
  PaginationQuerySchema,
} from '../common/schemas.ts';
import { questionMessages as messages } from './question.messages.ts';

export const QUESTION_MIN = 10;
export const QUESTION_MAX = 500;
export const ANSWER_MAX = 1000;
/** How many questions one account may send per hour. */
export const QUESTIONS_PER_HOUR = 10;

/** `POST /api/questions`: a question of 10-500 characters, without contact data. */
export const AskQuestionSchema = z.object({
  product_id: z
    .number({ error: messages.productRequired })
    .int({ error: messages.productRequired })
    .positive({ error: messages.productRequired })
    .max(2_147_483_647, { error: messages.productRequired }),
  text: z
    .string({ error: messages.textTooShort })
    .trim()
    .min(QUESTION_MIN, { error: messages.textTooShort })
    .max(QUESTION_MAX, { error: messages.textTooLong })
    .check(contactSafe(QUESTION_MAX)),
});
export type AskQuestionInput = z.input<typeof AskQuestionSchema>;

/** `POST /api/questions/{id}/answer`: 1-1000 characters, without contact data. */
export const AnswerQuestionSchema = z.object({
  text: z
    .string({ error: messages.answerRequired })
    .trim()
    .min(1, { error: messages.answerRequired })
    .max(ANSWER_MAX, { error: messages.answerTooLong })
    .check(contactSafe(ANSWER_MAX)),
});
export type AnswerQuestionInput = z.input<typeof AnswerQuestionSchema>;

/** `POST /api/questions/block`. */
export const BlockAskerSchema = z.object({
  username: z
    .string({ error: messages.usernameRequired })
    .trim()
    .min(1, { error: messages.usernameRequired })
    .max(60, { error: messages.userNotFound, abort: true })
    .refine((name) => !hasControlCharacter(name), { error: messages.userNotFound }),
});

export const QuestionAnswerSchema = z.object({ text: z.string(), created_at: z.string() });

/** One question as anyone sees it on a product page. */
export const PublicQuestionSchema = z.object({
  id: z.number(),
  text: z.string(),
  asker_username: z.string(),
  created_at: z.string(),
  answer: QuestionAnswerSchema.nullable(),
});
export type PublicQuestion = z.infer<typeof PublicQuestionSchema>;

export const ProductQuestionsQuerySchema = PaginationQuerySchema.extend({
  size: PaginationQuerySchema.shape.size.default(10),
});

export const ProductQuestionsResponseSchema = z.object({
  items: z.array(PublicQuestionSchema),
  meta: PageMetaSchema,
});
export type ProductQuestionsResponse = z.infer<typeof ProductQuestionsResponseSchema>;

/** A question in the seller's list: the public view plus the product it is about. */
export const SellerQuestionSchema = PublicQuestionSchema.extend({
  product_id: z.number(),
  product_name: z.string(),
  /** Where the product is shown: its auction page while in an auction, else its buy-now page. */
  product_link: z.string(),
});
export type SellerQuestion = z.infer<typeof SellerQuestionSchema>;

export const SellerQuestionsQuerySchema = PaginationQuerySchema.extend({
  size: PaginationQuerySchema.shape.size.default(20),
  status: z.enum(['unanswered', 'answered']).default('unanswered'),
});

export const SellerQuestionsResponseSchema = z.object({
  items: z.array(SellerQuestionSchema),
  meta: PageMetaSchema,
});
export type SellerQuestionsResponse = z.infer<typeof SellerQuestionsResponseSchema>;

export const QuestionCreatedSchema = z.object({ message: z.string(), question: PublicQuestionSchema });
export type QuestionCreated = z.infer<typeof QuestionCreatedSchema>;

export const QuestionMessageSchema = z.object({ message: z.string() });
