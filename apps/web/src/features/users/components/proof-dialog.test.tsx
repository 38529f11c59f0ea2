import { passkeyMessages, twoFactorMessages, userMessages } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { type ProofAsked, ProofDialog } from './proof-dialog.tsx';

afterEach(cleanup);

function renderDialog(asked: ProofAsked, onConfirm = vi.fn(async () => {}), onClose = vi.fn()) {
  render(
    <ProofDialog
      open
      onClose={onClose}
      title="Quitar la protección"
      intro="Confirma que eres tú."
      submitLabel="Quitar"
      asked={asked}
      failedMessage="No se pudo."
      onConfirm={onConfirm}
    />,
  );
  return { onConfirm, onClose };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Quitar' }));
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('ProofDialog', () => {
  it('both asked: each missing field says so and nothing is sent; both filled are sent', async () => {
    const { onConfirm, onClose } = renderDialog('password-and-code');
    submit();
    await screen.findByText(userMessages.currentPasswordRequired);
    expect(screen.getByText(twoFactorMessages.codeRequired)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    type('Contraseña actual *', 'Secreta2026');
    type('Código de verificación *', '123456');
    submit();
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith({ current_password: 'Secreta2026', code: '123456' }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('either one: nothing given is refused; a code alone is sent as the proof', async () => {
    const { onConfirm } = renderDialog('password-or-code');
    submit();
    await screen.findByText(passkeyMessages.proofRequired);
    expect(onConfirm).not.toHaveBeenCalled();
    type('O un código de verificación', '654321');
    submit();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ code: '654321' }));
  });

  it('password alone: no code field; a refused password shows under it and the dialog stays', async () => {
    const onConfirm = vi.fn(async () => {
      throw new ApiError(400, 'x', [], 'VALIDATION_FAILED', { current_password: 'Contraseña incorrecta' });
    });
    const { onClose } = renderDialog('password', onConfirm);
    expect(screen.queryByLabelText(/código de verificación/i)).toBeNull();
    type('Contraseña actual *', 'Otra2026');
    submit();
    await screen.findByText('Contraseña incorrecta');
    expect(onConfirm).toHaveBeenCalledWith({ current_password: 'Otra2026' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
