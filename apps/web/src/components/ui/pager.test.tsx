import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager.tsx';

afterEach(cleanup);

describe('Pager', () => {
  it('shows nothing for a single page', () => {
    const { container } = render(<Pager meta={{ page: 1, pages: 1 }} onPage={vi.fn()} label="Páginas" />);
    expect(container.innerHTML).toBe('');
  });

  it('steps back and forward; at an end the button stays focusable but refuses', () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <Pager meta={{ page: 1, pages: 3 }} onPage={onPage} label="Páginas de pagos" />,
    );
    expect(screen.getByRole('navigation', { name: 'Páginas de pagos' })).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Anterior' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect((previous as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(previous);
    expect(onPage).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender(<Pager meta={{ page: 3, pages: 3 }} onPage={onPage} label="Páginas de pagos" />);
    screen.getByText('Página 3 de 3');
    const next = screen.getByRole('button', { name: 'Siguiente' });
    next.focus();
    fireEvent.click(next);
    expect(onPage).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(next);
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it('takes no second step while the next page is on its way', () => {
    const onPage = vi.fn();
    render(<Pager meta={{ page: 2, pages: 3 }} onPage={onPage} busy label="Páginas" />);
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPage).not.toHaveBeenCalled();
  });
});
