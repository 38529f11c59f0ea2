import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

afterEach(cleanup);

describe('Modal while its request is pending', () => {
  it.each([
    [true, 0],
    [false, 3],
  ])('pending=%s: Escape, the backdrop and × close it %i times', (pending, closes) => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Guardar" pending={pending}>
        <p>Contenido</p>
      </Modal>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    const close = screen.getByRole('button', { name: 'Cerrar' });
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(closes);
    expect(close.getAttribute('aria-disabled')).toBe(pending ? 'true' : null);
  });
});
