import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  CounterOfferSchema,
  CreateOfferSchema,
  MyOffersQuerySchema,
  OfferAnswerSchema,
  OfferPageSchema,
} from './offer.schemas.ts';

const OfferParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const offerErrors = ['OFFER_NOT_FOUND', 'OFFER_NOT_OPEN', 'NOT_AVAILABLE', 'RESERVED'] as const;

export const offersEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/offers',
    summary: 'Makes an offer below the price of a buy-now product that accepts offers',
    tag: 'offers',
    auth: 'user',
    body: CreateOfferSchema,
    idempotent: true,
    errorCodes: [
      'PRODUCT_NOT_FOUND',
      'OWN_PRODUCT',
      'OFFERS_NOT_ACCEPTED',
      'NOT_AVAILABLE',
      'RESERVED',
      'OFFER_LIMIT',
      'SELLER_AWAY',
      'BUYER_BLOCKED',
      'OFFER_TOO_HIGH',
    ],
    responses: { 201: OfferAnswerSchema, ...errorResponses },
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/offers/mine',
    summary: 'Offers the user made and received, newest first',
    tag: 'offers',
    auth: 'user',
    query: MyOffersQuerySchema,
    responses: { 200: OfferPageSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/offers/:id/accept',
    summary: 'The seller accepts an offer, or the buyer a counter-offer: the product is reserved for payment',
    tag: 'offers',
    auth: 'user',
    params: OfferParams,
    idempotent: true,
    errorCodes: offerErrors,
    responses: { 200: OfferAnswerSchema, ...errorResponses },
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/api/offers/:id/decline',
    summary: 'The seller declines an offer, or the buyer a counter-offer',
    tag: 'offers',
    auth: 'user',
    params: OfferParams,
    errorCodes: offerErrors,
    responses: { 200: OfferAnswerSchema, ...errorResponses },
  }),
  counter: defineEndpoint({
    method: 'POST',
    path: '/api/offers/:id/counter',
    summary: 'The seller answers an offer with another amount',
    tag: 'offers',
    auth: 'user',
    params: OfferParams,
    body: CounterOfferSchema,
    errorCodes: [...offerErrors, 'OFFER_TOO_HIGH', 'COUNTER_TOO_LOW'],
    responses: { 200: OfferAnswerSchema, ...errorResponses },
  }),
};
