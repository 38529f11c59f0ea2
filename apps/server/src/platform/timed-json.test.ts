import { AuctionListResponseSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timedJson } from './timed-json.ts';

describe('timedJson', () => {
  it('writes what the route serializer would, with the time of each call', () => {
    const answer = { items: [], meta: { page: 1, size: 8, total: 0, pages: 0 } };
    const json = timedJson(AuctionListResponseSchema, answer as never);
    const serverTime = '2026-11-26T22:00:00.000Z';
    expect(json(serverTime)).toBe(
      JSON.stringify(z.encode(AuctionListResponseSchema, { ...answer, server_time: serverTime } as never)),
    );
    expect(JSON.parse(json('2026-11-26T22:00:01.000Z')).server_time).toBe('2026-11-26T22:00:01.000Z');
  });

  it('drops undeclared fields and leaves a value that looks like the time key alone', () => {
    const title = '"server_time":"1970-01-01T00:00:00.000Z"';
    const json = timedJson(z.object({ title: z.string(), server_time: z.string() }), {
      title,
      secret: 'x',
    } as never);
    expect(JSON.parse(json('now'))).toEqual({ title, server_time: 'now' });
  });
});
