import { IdParamSchema } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  CreateSavedSearchSchema,
  SavedSearchDeletedSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
} from './saved-search.schemas.ts';

export const savedSearchesEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/saved-searches',
    idempotent: true,
    summary: 'Saves a view of Explorar (its browse filters) under a name; at most 20 per user',
    tag: 'saved-searches',
    auth: 'user',
    body: CreateSavedSearchSchema,
    errorCodes: ['SAVED_SEARCH_LIMIT'],
    responses: { 201: SavedSearchSchema, ...errorResponses },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/saved-searches',
    summary: "The caller's saved searches, newest first",
    tag: 'saved-searches',
    auth: 'user',
    responses: { 200: SavedSearchListSchema, 401: errorResponses[401], 429: errorResponses[429] },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    summary: "Deletes one of the caller's saved searches (another user's is a 404)",
    tag: 'saved-searches',
    auth: 'user',
    params: IdParamSchema,
    errorCodes: ['SAVED_SEARCH_NOT_FOUND'],
    responses: { 200: SavedSearchDeletedSchema, ...errorResponses },
  }),
};
