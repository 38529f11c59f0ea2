import { z } from 'zod';
import { IdParamSchema, idParam } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  AnswerQuestionSchema,
  AskQuestionSchema,
  BlockAskerSchema,
  ProductQuestionsQuerySchema,
  ProductQuestionsResponseSchema,
  QuestionCreatedSchema,
  QuestionMessageSchema,
  SellerQuestionsQuerySchema,
  SellerQuestionsResponseSchema,
} from './question.schemas.ts';

export const questionsEndpoints = {
  ask: defineEndpoint({
    method: 'POST',
    path: '/api/questions',
    idempotent: true,
    summary: "Asks a product's seller a public question (not on one's own, sold or removed products)",
    tag: 'questions',
    auth: 'user',
    body: AskQuestionSchema,
    responses: { 201: QuestionCreatedSchema, ...errorResponses },
  }),
  forProduct: defineEndpoint({
    method: 'GET',
    path: '/api/questions/product/:productId',
    summary: "A product's questions and their answers, newest first (hidden ones left out)",
    tag: 'questions',
    // Read by anyone; those of a product taken down only by its owner and the operators.
    auth: 'optional',
    params: z.object({ productId: idParam() }),
    query: ProductQuestionsQuerySchema,
    responses: { 200: ProductQuestionsResponseSchema, 400: errorResponses[400], 404: errorResponses[404] },
  }),
  seller: defineEndpoint({
    method: 'GET',
    path: '/api/questions/seller',
    summary: "The questions on the caller's products, unanswered or answered, newest first",
    tag: 'questions',
    auth: 'user',
    query: SellerQuestionsQuerySchema,
    responses: { 200: SellerQuestionsResponseSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/api/questions/:id/answer',
    summary: 'The product owner answers a question, once',
    tag: 'questions',
    auth: 'user',
    params: IdParamSchema,
    body: AnswerQuestionSchema,
    responses: { 200: QuestionCreatedSchema, ...errorResponses },
  }),
  hide: defineEndpoint({
    method: 'DELETE',
    path: '/api/questions/:id',
    summary: 'The product owner hides a question from the product page',
    tag: 'questions',
    auth: 'user',
    params: IdParamSchema,
    responses: { 200: QuestionMessageSchema, ...errorResponses },
  }),
  block: defineEndpoint({
    method: 'POST',
    path: '/api/questions/block',
    summary: "A seller stops a user from asking on any of the seller's products",
    tag: 'questions',
    auth: 'user',
    body: BlockAskerSchema,
    responses: { 200: QuestionMessageSchema, ...errorResponses },
  }),
};
