import { z } from 'zod';
import { PageMetaSchema } from '../common/schemas.ts';

/** POST/DELETE /api/follows/{username} and GET of one: whether the user follows that seller now. */
export const FollowStateSchema = z.object({
  username: z.string(),
  following: z.boolean(),
  followers_count: z.number().int(),
  message: z.string().optional(),
});
export type FollowState = z.infer<typeof FollowStateSchema>;

export const FollowListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** One seller the user follows, newest follow first. */
export const FollowedSellerSchema = z.object({
  id: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  is_seller: z.boolean(),
  followers_count: z.number().int(),
  followed_at: z.string(),
});
export type FollowedSeller = z.infer<typeof FollowedSellerSchema>;

export const FollowListResponseSchema = z.object({
  data: z.array(FollowedSellerSchema),
  meta: PageMetaSchema,
});
export type FollowListResponse = z.infer<typeof FollowListResponseSchema>;
