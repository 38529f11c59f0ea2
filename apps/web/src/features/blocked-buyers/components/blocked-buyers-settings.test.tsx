import { type BlockedBuyer, trustMessages } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockedBuyersSettings } from './blocked-buyers-settings.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The three endpoints over an in-memory list, answering as the server does: the newest block
 * first, 404 'No encontramos ese usuario' for a name nobody has, 400 for oneself.
 */
function fakeServer(initial: BlockedBuyer[] = [], options: { failList?: number } = {}) {
  const users = new Set(['comprador_demo', 'coleccionista_demo', 'vendedor_demo']);
  let blocked = [...initial];
  let listFailures = options.failList ?? 0;
  const calls: string[] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (method === 'GET' && url.pathname === '/api/sellers/blocked') {
      if (listFailures-- > 0) return json(500, { message: 'Error interno' });
      return json(200, {
        items: blocked,
        meta: { total: blocked.length, pages: blocked.length ? 1 : 0, page: 1, size: 20 },
      });
    }
    if (method === 'POST' && url.pathname === '/api/sellers/blocked') {
      const { username } = JSON.parse(String(init?.body)) as { username: string };
      if (username === 'vendedor_demo')
        return json(400, { message: trustMessages.cannotBlockSelf, code: 'BLOCK_SELF' });
      if (!users.has(username))
        return json(404, { message: trustMessages.userNotFound, code: 'USER_NOT_FOUND' });
      blocked = [
        { username, avatar: null, blocked_at: '2026-12-01T15:00:00.000Z' },
        ...blocked.filter((b) => b.username !== username),
      ];
      return json(200, { message: trustMessages.blockedDone(username) });
    }
    const unblock = url.pathname.match(/^\/api\/sellers\/blocked\/(.+)$/);
    if (method === 'DELETE' && unblock) {
      const username = decodeURIComponent(unblock[1]!);
      if (!blocked.some((b) => b.username === username))
        return json(404, { message: trustMessages.notBlocked, code: 'NOT_BLOCKED' });
      blocked = blocked.filter((b) => b.username !== username);
      return json(200, { message: trustMessages.unblockedDone(username) });
    }
    return json(404, { message: 'no such route' });
  });
  return { fetchMock, calls, list: () => blocked };
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BlockedBuyersSettings />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = () => screen.getByLabelText('Nombre de usuario') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
const rows = () => within(screen.getByRole('list', { name: 'Usuarios bloqueados' })).getAllByRole('listitem');

beforeEach(() => localStorage.setItem('jwt_token', 'token-del-vendedor'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('BlockedBuyersSettings', () => {
  it("is titled 'Compradores bloqueados', says what a block does, and shows the empty list", async () => {
    fakeServer();
    renderPanel();
    screen.getByRole('heading', { name: 'Compradores bloqueados', level: 2 });
    screen.getByText(trustMessages.blockedIntro);
    // Loading first, then the empty state.
    screen.getByText('Cargando compradores bloqueados...');
    await screen.findByText(trustMessages.blockedEmpty);
    expect(screen.queryByRole('list', { name: 'Usuarios bloqueados' })).toBeNull();
  });

  it('lists the blocked usernames with the day each was blocked and a Desbloquear button per row', async () => {
    fakeServer([
      { username: 'coleccionista_demo', avatar: null, blocked_at: '2026-11-30T15:00:00.000Z' },
      { username: 'comprador_demo', avatar: '/api/images/7', blocked_at: '2026-11-02T15:00:00.000Z' },
    ]);
    renderPanel();
    await screen.findByRole('list', { name: 'Usuarios bloqueados' });
    const [first, second] = rows();
    expect(within(first!).getByRole('link', { name: 'coleccionista_demo' }).getAttribute('href')).toBe(
      '/public-profile/coleccionista_demo',
    );
    within(first!).getByText('Bloqueado desde 30 de noviembre de 2026');
    within(second!).getByText('Bloqueado desde 2 de noviembre de 2026');
    within(first!).getByRole('button', { name: 'Desbloquear a coleccionista_demo' });
    within(second!).getByRole('button', { name: 'Desbloquear a comprador_demo' });
  });

  it('blocks by username: the server’s sentence is shown, the field empties and the name joins the list', async () => {
    const server = fakeServer();
    renderPanel();
    await screen.findByText(trustMessages.blockedEmpty);
    fireEvent.change(field(), { target: { value: '  comprador_demo ' } });
    submit();
    await screen.findByText(trustMessages.blockedDone('comprador_demo'));
    expect(server.calls).toContain('POST /api/sellers/blocked');
    // Trimmed before it is sent.
    const post = server.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ username: 'comprador_demo' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    within(rows()[0]!).getByRole('link', { name: 'comprador_demo' });
    expect(field().value).toBe('');
  });

  it('an empty name is refused here; an unknown user or oneself gets the server’s message under the field', async () => {
    const server = fakeServer();
    renderPanel();
    await screen.findByText(trustMessages.blockedEmpty);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(trustMessages.usernameRequired);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.filter((c) => c.startsWith('POST'))).toHaveLength(0);

    fireEvent.change(field(), { target: { value: 'nadie_se_llama_asi' } });
    submit();
    await screen.findByText(trustMessages.userNotFound);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    // What was typed stays, to be corrected.
    expect(field().value).toBe('nadie_se_llama_asi');

    fireEvent.change(field(), { target: { value: 'vendedor_demo' } });
    submit();
    await screen.findByText(trustMessages.cannotBlockSelf);
    expect(server.list()).toEqual([]);
  });

  it('Desbloquear takes the row off and shows the server’s sentence; a row gone meanwhile says so', async () => {
    const server = fakeServer([
      { username: 'comprador_demo', avatar: null, blocked_at: '2026-11-30T15:00:00.000Z' },
      { username: 'coleccionista_demo', avatar: null, blocked_at: '2026-11-29T15:00:00.000Z' },
    ]);
    renderPanel();
    await screen.findByRole('list', { name: 'Usuarios bloqueados' });
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear a comprador_demo' }));
    await screen.findByText(trustMessages.unblockedDone('comprador_demo'));
    expect(server.calls).toContain('DELETE /api/sellers/blocked/comprador_demo');
    await waitFor(() => expect(rows()).toHaveLength(1));
    within(rows()[0]!).getByRole('link', { name: 'coleccionista_demo' });

    // Another tab unblocked it first: the server's 404 is told, and the list catches up.
    server.list().length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear a coleccionista_demo' }));
    await screen.findByText(trustMessages.notBlocked);
    await screen.findByText(trustMessages.blockedEmpty);
  });

  it('a list that fails to load says so and loads again on Reintentar', async () => {
    fakeServer([{ username: 'comprador_demo', avatar: null, blocked_at: '2026-11-30T15:00:00.000Z' }], {
      failList: 1,
    });
    renderPanel();
    await screen.findByText(trustMessages.blockedLoadError);
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('list', { name: 'Usuarios bloqueados' });
    expect(rows()).toHaveLength(1);
    expect(screen.queryByText(trustMessages.blockedLoadError)).toBeNull();
  });
});
