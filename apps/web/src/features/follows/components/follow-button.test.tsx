import { followMessages as m } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { FollowButton } from './follow-button.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const seller = { id: 7, username: 'vendedora', followers_count: 4 };

describe("'Seguir' on a public profile", () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  const wrap = () =>
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <MemoryRouter>
            <FollowButton seller={seller} />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    );

  it('a visitor gets a link to the login, named by its text, and the count', () => {
    wrap();
    const link = screen.getByRole('link', { name: m.followLabel('vendedora') });
    expect(link.getAttribute('href')).toMatch(/login/);
    expect(screen.getByText(m.followers(4))).toBeTruthy();
  });

  it('follows and unfollows with the server’s answer; a refusal says so and changes nothing', async () => {
    localStorage.setItem('jwt_token', 'token');
    const calls: string[] = [];
    let refuse = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${new URL(String(input), 'http://x').pathname}`);
      if (method === 'GET') return json({ username: 'vendedora', following: false, followers_count: 4 });
      if (refuse) return json({ message: 'No disponible' }, 503);
      return json({
        username: 'vendedora',
        following: method === 'POST',
        followers_count: method === 'POST' ? 5 : 4,
      });
    });
    wrap();
    const follow = await screen.findByRole('button', { name: m.followLabel('vendedora') });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    // Busy until the state is read: a press then does nothing.
    await waitFor(() => expect(follow.getAttribute('aria-busy')).toBeNull());
    fireEvent.click(follow);
    const following = await screen.findByRole('button', { name: m.followingLabel('vendedora') });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText(m.followers(5))).toBeTruthy();
    expect(calls).toContain('POST /api/follows/vendedora');

    refuse = true;
    fireEvent.click(following);
    expect(await screen.findByText(m.toggleError)).toBeTruthy();
    expect(screen.getByRole('button', { name: m.followingLabel('vendedora') })).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: m.followingLabel('vendedora') }));
    await screen.findByRole('button', { name: m.followLabel('vendedora') });
    expect(await screen.findByText(m.followers(4))).toBeTruthy();
    expect(calls).toContain('DELETE /api/follows/vendedora');
  });
});
