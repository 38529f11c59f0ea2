import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormModal } from './form-modal.tsx';

afterEach(cleanup);

describe('FormModal', () => {
  it('submits its form from the footer button and says so while pending', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = render(
      <FormModal title="Editar" onClose={() => {}} onSubmit={onSubmit} submitLabel="Guardar">
        <input aria-label="Nombre" />
      </FormModal>,
    );
    const submit = screen.getByRole('button', { name: 'Guardar' });
    const form = screen.getByRole('textbox', { name: 'Nombre' }).closest('form');
    expect(form?.id).toBeTruthy();
    expect(submit.getAttribute('form')).toBe(form?.id);
    // The button stands outside the form: its `form` attribute is what submits it.
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(
      <FormModal title="Editar" onClose={() => {}} onSubmit={onSubmit} pending submitLabel="Guardar">
        <input aria-label="Nombre" />
      </FormModal>,
    );
    expect(screen.getByRole('button', { name: 'Guardando...' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Cancelar' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows its body instead of the form while the form cannot be filled in', () => {
    render(
      <FormModal
        title="Editar"
        onClose={() => {}}
        onSubmit={() => {}}
        pending={false}
        submitLabel="Guardar"
        body={<p>Cargando...</p>}
      >
        <input aria-label="Nombre" />
      </FormModal>,
    );
    expect(screen.getByText('Cargando...')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Nombre' })).toBeNull();
  });
});
