import { bidsEndpoints, notificationsEndpoints, paymentsEndpoints } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, hasErrorCode, renewingToken } from './api-client.ts';
import { authStorage } from './auth-storage.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api-client: error bodies and Idempotency-Key', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    authStorage.setToken('token-de-prueba');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    authStorage.clearToken();
  });

  const body = { amount: 1000, auction_id: 1, product_id: 2 };
  const keyOf = (i: number) =>
    (fetchMock.mock.calls[i]![1] as RequestInit & { headers: Record<string, string> }).headers[
      'idempotency-key'
    ];

  it('exposes the code and the fields of an error answer', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        message: 'El monto es obligatorio',
        code: 'VALIDATION_FAILED',
        errors: ['El monto es obligatorio'],
        fields: { amount: 'El monto es obligatorio' },
      }),
    );
    const error = await call(bidsEndpoints.place, { body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'El monto es obligatorio',
      code: 'VALIDATION_FAILED',
      errors: ['El monto es obligatorio'],
      fields: { amount: 'El monto es obligatorio' },
    });
    expect(hasErrorCode(error, bidsEndpoints.place, 'VALIDATION_FAILED')).toBe(true);
    expect(hasErrorCode(error, bidsEndpoints.place, 'BID_REJECTED')).toBe(false);
  });

  it('sends one key per action and keeps it for the retries after a lost answer', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(503, { message: 'No disponible', code: 'SERVICE_UNAVAILABLE' }))
      .mockResolvedValueOnce(json(201, { id: 5 }));
    const placed = call(bidsEndpoints.place, { body });
    await vi.runAllTimersAsync();
    expect(await placed).toEqual({ id: 5 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const key = keyOf(0);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect([keyOf(1), keyOf(2)]).toEqual([key, key]);

    // The next action is another key.
    fetchMock.mockResolvedValueOnce(json(201, { id: 6 }));
    await call(bidsEndpoints.place, { body });
    expect(keyOf(3)).not.toBe(key);
  });

  it('does not retry a refusal, and calls that are not idempotent send no key', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { message: 'La subasta no está activa', code: 'AUCTION_NOT_ACTIVE' }),
    );
    await expect(call(bidsEndpoints.place, { body })).rejects.toMatchObject({ code: 'AUCTION_NOT_ACTIVE' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(json(200, []));
    await call(bidsEndpoints.history, { params: { auctionId: 1, productId: 2 } });
    expect(keyOf(1)).toBeUndefined();
    expect(paymentsEndpoints.buyProduct.idempotent).toBe(true);
  });
});

describe('api-client: a 401 while the token is being renewed', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    authStorage.setToken('token-viejo');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clearToken();
  });

  const unread = () => call(notificationsEndpoints.unreadTotal, {});
  const refused = () => json(401, { message: 'No autorizado', code: 'UNAUTHORIZED' });

  it('keeps the session when the renewal stores a fresh token', async () => {
    let answer!: () => void;
    const renewal = renewingToken(
      () =>
        new Promise<void>((resolve) => {
          answer = () => {
            authStorage.setToken('token-nuevo');
            resolve();
          };
        }),
    );
    // The old token is refused (the server changed it already) before the renewal's answer.
    fetchMock.mockResolvedValueOnce(refused());
    await expect(unread()).rejects.toMatchObject({ status: 401 });
    expect(authStorage.getToken()).toBe('token-viejo');
    answer();
    await renewal;
    await Promise.resolve();
    expect(authStorage.getToken()).toBe('token-nuevo');
  });

  it('ends the session once a failed renewal leaves the refused token stored', async () => {
    let fail!: () => void;
    const renewal = renewingToken(
      () =>
        new Promise<void>((_, reject) => {
          fail = () => reject(new Error('sin respuesta'));
        }),
    );
    fetchMock.mockResolvedValueOnce(refused());
    await expect(unread()).rejects.toMatchObject({ status: 401 });
    expect(authStorage.getToken()).toBe('token-viejo');
    fail();
    await expect(renewal).rejects.toThrow('sin respuesta');
    await vi.waitFor(() => expect(authStorage.getToken()).toBeNull());
  });

  it('ends the session at once when nothing renews the token', async () => {
    fetchMock.mockResolvedValueOnce(refused());
    await expect(unread()).rejects.toMatchObject({ status: 401 });
    expect(authStorage.getToken()).toBeNull();
  });
});
