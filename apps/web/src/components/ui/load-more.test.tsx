import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { LoadMore } from './load-more.tsx';

afterEach(cleanup);

const idle = {
  error: null,
  isFetchNextPageError: false,
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: () => Promise.resolve(),
};

describe('LoadMore', () => {
  it("says how many are shown and asks for the next page with 'Cargar más'", () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    render(<LoadMore shown="Mostrando 12 de 40" query={{ ...idle, fetchNextPage }} failed="Falló" />);
    expect(screen.getByText('Mostrando 12 de 40').getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('shows the button busy while the next page loads, and none when there is no more', () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    const { rerender } = render(
      <LoadMore shown="x" query={{ ...idle, isFetchingNextPage: true, fetchNextPage }} failed="Falló" />,
    );
    const button = screen.getByRole('button', { name: 'Cargando...' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(fetchNextPage).not.toHaveBeenCalled();
    rerender(<LoadMore shown="x" query={{ ...idle, hasNextPage: false }} failed="Falló" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("says why the next page failed: the server's message, else the one given", () => {
    const { rerender } = render(
      <LoadMore
        shown="x"
        query={{ ...idle, isFetchNextPageError: true, error: new ApiError(503, 'Servicio no disponible') }}
        failed="No se pudo cargar"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Servicio no disponible');
    rerender(
      <LoadMore
        shown="x"
        query={{ ...idle, isFetchNextPageError: true, error: new TypeError('Failed to fetch') }}
        failed="No se pudo cargar"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('No se pudo cargar');
    // The first page's failure is the list's own to show.
    rerender(<LoadMore shown="x" query={{ ...idle, error: new ApiError(503, 'Caído') }} failed="No" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
