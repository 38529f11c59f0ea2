import { z } from 'zod';
import { IdParamSchema } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  AcceptInvitationInputSchema,
  AcceptInvitationResponseSchema,
  AdminAuditResponseSchema,
  AdminReportsQuerySchema,
  AdminReportsResponseSchema,
  AdminStatsQuerySchema,
  AdminStatsResponseSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  CreateReportInputSchema,
  CreateReportResponseSchema,
  InvitationSchema,
  InvitationTokenParamsSchema,
  InviteUserInputSchema,
  InviteUserResponseSchema,
  OperatorPageQuerySchema,
  ReasonInputSchema,
  ReinstateInputSchema,
  ReinstateResponseSchema,
  ResolveReportInputSchema,
  ResolveReportResponseSchema,
  SuspendResponseSchema,
  TakedownResponseSchema,
} from './admin.schemas.ts';
import {
  AdminPayoutsExportQuerySchema,
  AdminPayoutsQuerySchema,
  AdminPayoutsResponseSchema,
  MarkPaidInputSchema,
  MarkPaidResponseSchema,
} from './admin-payouts.schemas.ts';

/**
 * Every `/api/admin/*` call is for operators only: the server checks the caller's operator role
 * on each call (401 without a session, 403 for anyone else), whatever module registers the route.
 */
export const adminEndpoints = {
  stats: defineEndpoint({
    method: 'GET',
    path: '/api/admin/stats',
    summary: 'The business per day in Bogotá (GMV, orders, commission, new users, bids) and what waits',
    tag: 'admin',
    auth: 'user',
    query: AdminStatsQuerySchema,
    responses: {
      200: AdminStatsResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  inviteUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users',
    idempotent: true,
    summary: 'Creates an account without a password and answers its one-time invitation link (7 days)',
    tag: 'admin',
    auth: 'user',
    body: InviteUserInputSchema,
    responses: {
      201: InviteUserResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: errorResponses[409],
    },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Accounts, newest first, filtered by part of the username or e-mail',
    tag: 'admin',
    auth: 'user',
    query: AdminUsersQuerySchema,
    responses: {
      200: AdminUsersResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  suspendUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/suspend',
    idempotent: true,
    summary:
      'Suspends an account: its sessions end, its unsold products are taken down, it can no longer log in',
    tag: 'admin',
    auth: 'user',
    params: IdParamSchema,
    body: ReasonInputSchema,
    responses: { 200: SuspendResponseSchema, ...errorResponses },
  }),
  reinstateUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/reinstate',
    idempotent: true,
    summary: 'Lifts a suspension (products taken down stay down)',
    tag: 'admin',
    auth: 'user',
    params: IdParamSchema,
    body: ReinstateInputSchema,
    responses: { 200: ReinstateResponseSchema, ...errorResponses },
  }),
  payouts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payouts',
    summary: "Payout records with the seller's bank account, oldest payable first",
    tag: 'admin',
    auth: 'user',
    query: AdminPayoutsQuerySchema,
    responses: {
      200: AdminPayoutsResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  exportPayouts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payouts/export.csv',
    summary: "The payouts of one status as UTF-8 CSV (with a byte-order mark) for the bank's batch transfer",
    tag: 'admin',
    auth: 'user',
    query: AdminPayoutsExportQuerySchema,
    responses: {
      /** text/csv; charset=utf-8, a header row then one row per payout. */
      200: z.string(),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  markPaid: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payouts/mark-paid',
    idempotent: true,
    summary:
      'Marks payable payouts paid with the transfer reference, all or nothing (409 names the one at fault)',
    tag: 'admin',
    auth: 'user',
    body: MarkPaidInputSchema,
    responses: { 200: MarkPaidResponseSchema, ...errorResponses },
  }),
  reports: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reports',
    summary: 'Reports by status, with what they are about and a link to it',
    tag: 'admin',
    auth: 'user',
    query: AdminReportsQuerySchema,
    responses: {
      200: AdminReportsResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  resolveReport: defineEndpoint({
    method: 'POST',
    path: '/api/admin/reports/:id/resolve',
    idempotent: true,
    summary: 'Resolves an open report: dismiss it, take the product down or suspend the account',
    tag: 'admin',
    auth: 'user',
    params: IdParamSchema,
    body: ResolveReportInputSchema,
    responses: { 200: ResolveReportResponseSchema, ...errorResponses },
  }),
  takedownProduct: defineEndpoint({
    method: 'POST',
    path: '/api/admin/products/:id/takedown',
    idempotent: true,
    summary: 'Removes an unsold product from every list, search, page and its auction (its bids void)',
    tag: 'admin',
    auth: 'user',
    params: IdParamSchema,
    body: ReasonInputSchema,
    responses: { 200: TakedownResponseSchema, ...errorResponses },
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'Every operator action, newest first (append-only)',
    tag: 'admin',
    auth: 'user',
    query: OperatorPageQuerySchema,
    responses: {
      200: AdminAuditResponseSchema,
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
};

/** Reports, by any logged-in user. */
export const reportsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/reports',
    summary: 'Reports a product, a user or a question to the operators (one open report per target)',
    tag: 'reports',
    auth: 'user',
    body: CreateReportInputSchema,
    responses: { 201: CreateReportResponseSchema, ...errorResponses },
  }),
};

/** The invitation link's page: who it is for, then choosing the password (which logs in). */
export const invitationsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/invitations/:token',
    summary: 'Who an invitation is for (404 unknown, 410 used or expired, with the reason)',
    tag: 'invitations',
    auth: 'none',
    params: InvitationTokenParamsSchema,
    responses: {
      200: InvitationSchema,
      400: errorResponses[400],
      404: errorResponses[404],
      410: errorResponses[404],
      429: errorResponses[429],
    },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    summary: 'Sets the invited account’s password (change-password rules) and logs in; the link is then used',
    tag: 'invitations',
    auth: 'none',
    params: InvitationTokenParamsSchema,
    body: AcceptInvitationInputSchema,
    responses: {
      200: AcceptInvitationResponseSchema,
      400: errorResponses[400],
      403: errorResponses[403],
      404: errorResponses[404],
      410: errorResponses[404],
      429: errorResponses[429],
    },
  }),
};
