import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportButton } from './report-button.tsx';

/** A token whose subject is `userId` (the button reads who is logged in from it). */
const tokenFor = (userId: number) => `x.${btoa(JSON.stringify({ sub: String(userId) }))}.y`;

function wrapper(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ReportButton', () => {
  it('is not offered to visitors without a session, nor to the owner', () => {
    const { unmount } = render(
      wrapper(<ReportButton targetType="user" targetId={5} targetName="ana" ownerId={5} />),
    );
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    localStorage.setItem('jwt_token', tokenFor(5));
    render(wrapper(<ReportButton targetType="user" targetId={5} targetName="ana" ownerId={5} />));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks the reason (labelled in Spanish) and shows the server’s 409, then its thanks', async () => {
    localStorage.setItem('jwt_token', tokenFor(2));
    const bodies: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return bodies.length === 1
        ? json(409, { message: 'Ya enviaste una denuncia sobre esto y la estamos revisando.' })
        : json(201, { id: 1, message: 'Gracias por avisarnos. Nuestro equipo revisará tu denuncia.' });
    });
    render(wrapper(<ReportButton targetType="product" targetId={9} targetName="Camaro" ownerId={5} />));
    fireEvent.click(screen.getByRole('button', { name: 'Denunciar Camaro' }));
    const dialog = screen.getByRole('dialog', { name: 'Denunciar esta publicación' });
    const reason = within(dialog).getByLabelText(/Motivo/) as HTMLSelectElement;
    expect(Array.from(reason.options).map((o) => o.value)).toEqual([
      '',
      'fraude',
      'prohibido',
      'contacto',
      'ofensivo',
      'otro',
    ]);
    expect(Array.from(reason.options).map((o) => o.textContent)).toContain('Fraude o estafa');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar denuncia' }));
    expect(await within(dialog).findByText('Selecciona el motivo de la denuncia')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'fraude' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar denuncia' }));
    expect(await within(dialog).findByText(/Ya enviaste una denuncia/)).toBeTruthy();
    expect(bodies[0]).toEqual({ target_type: 'product', target_id: 9, reason: 'fraude', comment: null });

    fireEvent.change(within(dialog).getByLabelText(/Comentario/), {
      target: { value: ' Pide pago por fuera ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar denuncia' }));
    expect(await within(dialog).findByText(/Gracias por avisarnos/)).toBeTruthy();
    expect(bodies[1]).toMatchObject({ comment: 'Pide pago por fuera' });
  });
});
