import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alert } from './alert.tsx';
import { Badge, badgeClass } from './badge.tsx';
import { Button, buttonClass, LinkButton } from './button.tsx';
import { MoneyField, MoneyInput } from './money-field.tsx';

afterEach(cleanup);

describe('Button', () => {
  it.each([
    [{}, 'btn'],
    [{ variant: 'primary' as const }, 'btn btn-primary'],
    [{ variant: 'danger' as const, size: 'sm' as const }, 'btn btn-danger btn-sm'],
    [{ variant: 'accent' as const, block: true, className: 'x' }, 'btn btn-accent btn-block x'],
    [{ variant: 'link' as const }, 'btn-link'],
  ])('%j looks like "%s"', (style, classes) => {
    expect(buttonClass(style)).toBe(classes);
  });

  it('never submits a form unless asked, and clicks unless disabled', () => {
    const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const click = vi.fn();
    render(
      <form onSubmit={submit}>
        <Button onClick={click}>Uno</Button>
        <Button type="submit">Enviar</Button>
        <Button disabled onClick={click}>
          Apagado
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Uno' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apagado' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Uno' }).getAttribute('type')).toBe('button');
  });

  it('a busy button refuses clicks and submission (by click or Enter) but keeps the focus', () => {
    const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const click = vi.fn();
    const { rerender } = render(
      <form onSubmit={submit}>
        <input aria-label="Campo" />
        <Button type="submit" busy onClick={click}>
          Enviar
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Enviar' });
    button.focus();
    fireEvent.click(button);
    expect(click).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(button);
    rerender(
      <form onSubmit={submit}>
        <input aria-label="Campo" />
        <Button type="submit" onClick={click}>
          Enviar
        </Button>
      </form>,
    );
    expect(document.activeElement).toBe(button);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('LinkButton is a link that looks like a button', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <LinkButton to="/otra" variant="primary">
            Ir
          </LinkButton>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Ir' });
    expect(link.getAttribute('href')).toBe('/otra');
    expect(link.className).toBe('btn btn-primary');
  });
});

describe('Badge', () => {
  it.each([
    ['neutral', 'badge'],
    ['live', 'badge badge-live'],
    ['success', 'badge badge-success'],
    ['danger', 'badge badge-danger'],
    ['warning', 'badge badge-warning'],
    ['info', 'badge badge-info'],
    ['accent', 'badge badge-accent'],
  ] as const)('tone %s', (tone, classes) => {
    render(<Badge tone={tone}>Estado</Badge>);
    expect(screen.getByText('Estado').className).toBe(classes);
    expect(badgeClass(tone, 'extra')).toBe(`${classes} extra`);
  });
});

describe('Alert', () => {
  it('an error is announced at once, a success politely, an info box not at all unless asked', () => {
    render(
      <>
        <Alert kind="error">Falló</Alert>
        <Alert kind="success">Guardado</Alert>
        <Alert kind="info">Dato</Alert>
        <Alert kind="info" role="note" as="div">
          Nota
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Falló');
    expect(screen.getByRole('status').textContent).toBe('Guardado');
    expect(screen.getByText('Dato').getAttribute('role')).toBeNull();
    expect(screen.getByText('Dato').className).toBe('alert alert-info');
    const note = screen.getByRole('note');
    expect(note.tagName).toBe('DIV');
    expect(screen.getByRole('alert').tagName).toBe('P');
  });

  it('takes the focus when it appears, if asked', () => {
    render(
      <>
        <Alert kind="info">Sin foco</Alert>
        <Alert kind="success" takeFocus>
          Listo
        </Alert>
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(screen.getByText('Sin foco').hasAttribute('tabindex')).toBe(false);
  });
});

describe('MoneyField', () => {
  function Form({ onValid }: { onValid: (values: { price: string }) => void }) {
    const { register, handleSubmit, formState } = useForm<{ price: string }>();
    return (
      <form onSubmit={handleSubmit(onValid)} noValidate>
        <MoneyField
          label="Precio"
          required
          hint="En pesos"
          error={formState.errors.price?.message}
          {...register('price', { required: 'El precio es obligatorio' })}
        />
        <button type="submit">Guardar</button>
      </form>
    );
  }

  it('is a labelled whole-pesos input wired to react-hook-form, with its hint and error', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    const input = screen.getByLabelText(/Precio/) as HTMLInputElement;
    expect(input.type).toBe('number');
    expect(input.inputMode).toBe('numeric');
    expect(input.min).toBe('0');
    expect(input.step).toBe('1');
    expect(input.getAttribute('aria-required')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El precio es obligatorio')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'En pesos',
      'El precio es obligatorio',
    ]);
    fireEvent.change(input, { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]![0]).toEqual({ price: '1500' });
  });

  it('MoneyInput keeps a caller class beside its own', () => {
    render(<MoneyInput aria-label="Monto" className="ancho" />);
    expect(screen.getByLabelText('Monto').className).toBe('input ancho');
  });
});
