import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_INVITATION_TITLE, InvitationView } from './invitation-view.tsx';

function wrapper(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const frame = (title: string, content: ReactNode) => (
  <section>
    <h1>{title}</h1>
    {content}
  </section>
);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('InvitationView', () => {
  it('says why a used or expired link no longer works', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(410, {
        message:
          'Esta invitación ya fue usada. Si ya elegiste tu contraseña, inicia sesión con tu correo electrónico.',
      }),
    );
    render(wrapper(<InvitationView token="abc" frame={frame} onAccepted={() => {}} />));
    expect(await screen.findByRole('heading', { name: INVALID_INVITATION_TITLE })).toBeTruthy();
    expect(screen.getByText(/ya fue usada/)).toBeTruthy();
    expect(screen.queryByLabelText(/Nueva contraseña/)).toBeNull();
  });

  it('asks the password twice with the change-password messages, then stores the session', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('/accept')
        ? json(200, {
            message: '¡Bienvenido a Coleccionables! Tu contraseña quedó guardada.',
            jwt_token: 'nuevo',
          })
        : json(200, { email: 'ana@example.com', username: 'ana', expires_at: '2026-12-01T00:00:00Z' }),
    );
    const accepted = vi.fn();
    render(wrapper(<InvitationView token="abc" frame={frame} onAccepted={accepted} />));
    expect(
      await screen.findByText('Hola, ana. Elige una contraseña para entrar a Coleccionables.'),
    ).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();

    fireEvent.input(screen.getByLabelText(/^Nueva contraseña/), { target: { value: 'corta' } });
    fireEvent.input(screen.getByLabelText(/^Confirmar nueva contraseña/), { target: { value: 'otra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña y entrar' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeTruthy();

    fireEvent.input(screen.getByLabelText(/^Nueva contraseña/), { target: { value: 'una-clave-segura' } });
    fireEvent.input(screen.getByLabelText(/^Confirmar nueva contraseña/), {
      target: { value: 'una-clave-distinta' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña y entrar' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();

    fireEvent.input(screen.getByLabelText(/^Confirmar nueva contraseña/), {
      target: { value: 'una-clave-segura' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña y entrar' }));
    await waitFor(() =>
      expect(accepted).toHaveBeenCalledWith('¡Bienvenido a Coleccionables! Tu contraseña quedó guardada.'),
    );
    expect(localStorage.getItem('jwt_token')).toBe('nuevo');
    const accept = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/accept'));
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({ new_password: 'una-clave-segura' });
  });
});
