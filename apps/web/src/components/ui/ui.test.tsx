import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormField } from './form-field.tsx';
import { Modal } from './modal.tsx';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './toast.tsx';

afterEach(cleanup);

function ModalHarness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Editar Perfil"
        footer={<button type="button">Guardar</button>}
      >
        <label>
          Nombre
          <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog in document.body with focus moved inside', () => {
    render(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Editar Perfil' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    expect(document.activeElement).toBe(screen.getByLabelText('Nombre'));
  });

  it('traps Tab inside: from the last control back to the first, and Shift+Tab the other way', () => {
    render(<ModalHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const first = screen.getByRole('button', { name: 'Cerrar' });
    const last = screen.getByRole('button', { name: 'Guardar' });
    last.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('Escape closes it and focus returns to the opener', () => {
    const onClose = vi.fn();
    render(<ModalHarness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('a click on the backdrop closes it; a click inside does not', () => {
    const onClose = vi.fn();
    render(<ModalHarness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('FormField', () => {
  it('wires the label, aria-invalid and aria-describedby to the error and hint', () => {
    render(
      <FormField label="Teléfono" hint="Ej.: +57 300" error="Formato de teléfono inválido">
        <input />
      </FormField>,
    );
    const input = screen.getByLabelText('Teléfono');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Ej.: +57 300', 'Formato de teléfono inválido']);
  });

  it('without an error the control is not marked invalid', () => {
    render(
      <FormField label="Nombre">
        <input />
      </FormField>,
    );
    const input = screen.getByLabelText('Nombre');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it("keeps the control's own aria-invalid when the field shows no error", () => {
    render(
      <FormField label="Monto">
        <input aria-invalid />
      </FormField>,
    );
    expect(screen.getByLabelText('Monto').getAttribute('aria-invalid')).toBe('true');
  });
});

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Guardado')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('Falló')}>
        mal
      </button>
    </>
  );
}

describe('Toast', () => {
  it('announces success politely and errors assertively, then dismisses them after ~4 s', () => {
    vi.useFakeTimers();
    try {
      render(
        <ToastProvider>
          <ToastButtons />
        </ToastProvider>,
      );
      fireEvent.click(screen.getByText('ok'));
      fireEvent.click(screen.getByText('mal'));
      expect(screen.getByRole('status').textContent).toContain('Guardado');
      expect(screen.getByRole('alert').textContent).toContain('Falló');
      act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 10));
      expect(screen.queryByText('Guardado')).toBeNull();
      expect(screen.queryByText('Falló')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a toast can be closed by hand', () => {
    render(
      <ToastProvider>
        <ToastButtons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('ok'));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText('Guardado')).toBeNull();
  });

  it('useToast outside the provider fails loudly', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ToastButtons />)).toThrow(/ToastProvider/);
    spy.mockRestore();
  });
});
