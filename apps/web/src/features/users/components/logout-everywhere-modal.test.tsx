import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { AccountSettings } from './account-settings.tsx';
import { LOGOUT_EVERYWHERE_FAILED, LogoutEverywhereModal } from './logout-everywhere-modal.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const confirmButton = () => screen.getByRole('button', { name: 'Cerrar todas las sesiones' });

describe('LogoutEverywhereModal', () => {
  it('asks before ending every session, with Cancelar focused first', () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = vi.fn();
    render(<LogoutEverywhereModal open onClose={onClose} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Cerrar sesión en todos los dispositivos?' });
    expect(dialog.textContent).toContain('todos los demás dispositivos');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirming ends the sessions once, however many clicks, and cannot be cancelled meanwhile', async () => {
    let finish!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(<LogoutEverywhereModal open onClose={onClose} onConfirm={onConfirm} />);
    fireEvent.click(confirmButton());
    fireEvent.click(screen.getByRole('button', { name: /Cerrando sesiones/ }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // While the sessions are being ended the dialog stays: neither Cancelar nor Escape closes it.
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    finish();
  });

  it('a failure is told (the server’s or the connection’s message) and can be tried again', async () => {
    const onConfirm = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(0, NETWORK_ERROR_MESSAGE))
      .mockRejectedValueOnce(new ApiError(500, 'Error 500'))
      .mockResolvedValueOnce(undefined);
    render(<LogoutEverywhereModal open onClose={() => {}} onConfirm={onConfirm} />);
    fireEvent.click(confirmButton());
    await screen.findByText(NETWORK_ERROR_MESSAGE);
    fireEvent.click(confirmButton());
    await screen.findByText(LOGOUT_EVERYWHERE_FAILED);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(3));
  });
});

describe('AccountSettings', () => {
  it("offers 'Cerrar Sesión' for this device and 'Cerrar sesión en todos los dispositivos'", () => {
    const onLogout = vi.fn();
    const onLogoutEverywhere = vi.fn();
    render(
      <MemoryRouter>
        <AccountSettings
          onEditProfile={() => {}}
          onChangePassword={() => {}}
          onLogout={onLogout}
          onLogoutEverywhere={onLogoutEverywhere}
          addressesHref="/shipping-addresses"
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Cerrar Sesión.*este dispositivo/ }));
    expect(onLogout).toHaveBeenCalled();
    expect(onLogoutEverywhere).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /Cerrar sesión en todos los dispositivos/ }));
    expect(onLogoutEverywhere).toHaveBeenCalled();
  });
});
