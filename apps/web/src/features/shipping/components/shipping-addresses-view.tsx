import { shippingAddressMessages as m, type ShippingAddress } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  reloadAddresses,
  updateCachedAddresses,
  useDeleteShippingAddress,
  useSetDefaultShippingAddress,
  useShippingAddresses,
} from '../api/shipping-addresses.ts';
import { AddressForm } from './address-form.tsx';
import styles from './shipping.module.css';

/** After a save, default change or delete the list reloads this much later. */
const RELOAD_DELAY_MS = 2000;

/** Applies a saved address to the shown list at once (the reload follows 2 s later). */
function withSaved(list: ShippingAddress[], saved: ShippingAddress): ShippingAddress[] {
  const exists = list.some((a) => a.id === saved.id);
  const next = (exists ? list.map((a) => (a.id === saved.id ? saved : a)) : [saved, ...list]).map((a) =>
    saved.is_default && a.id !== saved.id ? { ...a, is_default: false } : a,
  );
  return next.sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

/** Removes an address; when it was the default the newest remaining one takes over, like the server. */
function withoutAddress(list: ShippingAddress[], removed: ShippingAddress): ShippingAddress[] {
  const rest = list.filter((a) => a.id !== removed.id);
  if (!removed.is_default || rest.length === 0) return rest;
  const newest = rest.reduce((a, b) =>
    b.created_at > a.created_at || (b.created_at === a.created_at && b.id > a.id) ? b : a,
  );
  return withSaved(rest, { ...newest, is_default: true });
}

function AddressCard({
  address,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  address: ShippingAddress;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}) {
  return (
    <li className={`card ${styles.addressCard}`} data-default={address.is_default}>
      <div className="card-head">
        <h2 className={styles.city}>{address.city}</h2>
        {address.is_default && <Badge tone="success">Predeterminada</Badge>}
      </div>
      <dl className={styles.addressLines}>
        <div>
          <dt>Dirección</dt>
          <dd>{address.address}</dd>
        </div>
        <div>
          <dt>Estado/Provincia</dt>
          <dd>{address.state}</dd>
        </div>
        <div>
          <dt>País</dt>
          <dd>{address.country}</dd>
        </div>
        <div>
          <dt>Código postal</dt>
          <dd>{address.postal_code}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        {!address.is_default && (
          <Button size="sm" onClick={onMakeDefault} busy={busy}>
            Establecer predeterminada
          </Button>
        )}
        <Button
          size="sm"
          onClick={onEdit}
          aria-label={`Editar dirección ${address.address}, ${address.city}`}
        >
          Editar
        </Button>
        <Button
          variant="danger"
          size="sm"
          onClick={onDelete}
          aria-label={`Eliminar dirección ${address.address}, ${address.city}`}
        >
          Eliminar
        </Button>
      </div>
    </li>
  );
}

/** /shipping-addresses: the user's addresses, exactly one of them the default. */
export function ShippingAddressesView() {
  const queryClient = useQueryClient();
  const query = useShippingAddresses();
  const setDefault = useSetDefaultShippingAddress();
  const remove = useDeleteShippingAddress();
  const [form, setForm] = useState<{ address: ShippingAddress | null } | null>(null);
  const [toDelete, setToDelete] = useState<ShippingAddress | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  function changed(text: string, update: (list: ShippingAddress[]) => ShippingAddress[]) {
    setNotice({ kind: 'success', text });
    updateCachedAddresses(queryClient, update);
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void reloadAddresses(queryClient), RELOAD_DELAY_MS);
  }

  async function makeDefault(address: ShippingAddress) {
    try {
      const saved = await setDefault.mutateAsync(address.id);
      changed(saved.message, (list) => withSaved(list, saved.address));
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, m.setDefaultError) });
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleteError(null);
    try {
      const removed = toDelete;
      const done = await remove.mutateAsync(removed.id);
      setToDelete(null);
      changed(done.message, (list) => withoutAddress(list, removed));
    } catch (error) {
      setDeleteError(errorMessage(error, m.deleteError));
    }
  }

  const addButton = (
    <Button variant="primary" onClick={() => setForm({ address: null })}>
      Agregar Dirección
    </Button>
  );

  return (
    <div className="stack">
      <div className="page-header">
        <h1 className="page-title">Mis Direcciones de Envío</h1>
        {addButton}
      </div>
      {notice && (
        <Alert kind={notice.kind} role="alert">
          {notice.text}
        </Alert>
      )}
      {query.isPending ? (
        <Spinner label="Cargando tus direcciones..." />
      ) : query.isError ? (
        <Alert kind="error">{m.loadError}</Alert>
      ) : query.data.length === 0 ? (
        <div className="empty-state">
          <p>{m.empty}</p>
        </div>
      ) : (
        <ul className={`grid ${styles.plainList}`} aria-label="Direcciones de envío">
          {query.data.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              busy={setDefault.isPending}
              onEdit={() => {
                setNotice(null);
                setForm({ address });
              }}
              onDelete={() => {
                setDeleteError(null);
                setToDelete(address);
              }}
              onMakeDefault={() => void makeDefault(address)}
            />
          ))}
        </ul>
      )}

      {form && (
        <AddressForm
          address={form.address}
          onClose={() => setForm(null)}
          onSaved={(saved, message) => {
            setForm(null);
            changed(message, (list) => withSaved(list, saved));
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Eliminar dirección"
        message={
          <>
            <p>{m.deleteConfirm}</p>
            {toDelete && (
              <p className="muted">
                {toDelete.address}, {toDelete.city}
              </p>
            )}
          </>
        }
        confirmLabel="Eliminar"
        danger
        pending={remove.isPending}
        pendingLabel="Eliminando..."
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
