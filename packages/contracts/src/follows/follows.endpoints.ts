import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import { UsernameParamSchema } from '../users/user.endpoints.ts';
import { FollowListQuerySchema, FollowListResponseSchema, FollowStateSchema } from './follows.schemas.ts';

export const followsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/follows',
    summary: 'The sellers the user follows, newest follow first',
    tag: 'follows',
    auth: 'user',
    query: FollowListQuerySchema,
    responses: { 200: FollowListResponseSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
  state: defineEndpoint({
    method: 'GET',
    path: '/api/follows/:username',
    summary: 'Whether the user follows this seller, and how many follow them',
    tag: 'follows',
    auth: 'user',
    params: UsernameParamSchema,
    errorCodes: ['USER_NOT_FOUND'],
    responses: { 200: FollowStateSchema, ...errorResponses },
  }),
  follow: defineEndpoint({
    method: 'POST',
    path: '/api/follows/:username',
    summary: 'Follows a seller (following again changes nothing): their new listings notify the user',
    tag: 'follows',
    auth: 'user',
    params: UsernameParamSchema,
    errorCodes: ['USER_NOT_FOUND', 'CANNOT_FOLLOW_SELF'],
    responses: { 200: FollowStateSchema, ...errorResponses },
  }),
  unfollow: defineEndpoint({
    method: 'DELETE',
    path: '/api/follows/:username',
    summary: 'Stops following a seller (not following: nothing changes)',
    tag: 'follows',
    auth: 'user',
    params: UsernameParamSchema,
    errorCodes: ['USER_NOT_FOUND'],
    responses: { 200: FollowStateSchema, ...errorResponses },
  }),
};
