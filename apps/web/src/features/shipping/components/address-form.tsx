import {
  shippingAddressMessages as m,
  type ShippingAddress,
  type ShippingAddressFormValues,
  type ShippingAddressInput,
  ShippingAddressInputSchema,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveShippingAddress } from '../api/shipping-addresses.ts';
import styles from './shipping.module.css';

/** The address modal form: every field required, whitespace-only is empty. */
export function AddressForm({
  address,
  onClose,
  onSaved,
}: {
  /** The address being edited, or null to add one. */
  address: ShippingAddress | null;
  onClose: () => void;
  onSaved: (saved: ShippingAddress, message: string) => void;
}) {
  const save = useSaveShippingAddress();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ShippingAddressFormValues, unknown, ShippingAddressInput>({
    resolver: zodResolver(ShippingAddressInputSchema),
    defaultValues: {
      address: address?.address ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      country: address?.country ?? 'Colombia',
      postal_code: address?.postal_code ?? '',
      is_default: address?.is_default ?? false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = await save.mutateAsync({ id: address?.id ?? null, values });
      onSaved(saved.address, saved.message);
    } catch (error) {
      setServerError(errorMessage(error, m.saveError));
    }
  });

  return (
    <FormModal
      title={address ? 'Editar Dirección' : 'Agregar Dirección'}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel="Guardar"
    >
      {serverError && <Alert kind="error">{serverError}</Alert>}
      <FormField label="Dirección" required error={errors.address?.message}>
        <input className="input" autoComplete="street-address" {...register('address')} />
      </FormField>
      <div className={styles.formGrid}>
        <FormField label="Ciudad" required error={errors.city?.message}>
          <input className="input" autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField label="Estado/Provincia" required error={errors.state?.message}>
          <input className="input" autoComplete="address-level1" {...register('state')} />
        </FormField>
        <FormField label="País" required error={errors.country?.message}>
          <input className="input" autoComplete="country-name" {...register('country')} />
        </FormField>
        <FormField label="Código postal" required error={errors.postal_code?.message}>
          <input className="input" autoComplete="postal-code" {...register('postal_code')} />
        </FormField>
      </div>
      {!address?.is_default && (
        <label className="checkbox">
          <input type="checkbox" {...register('is_default')} />
          Establecer como dirección predeterminada
        </label>
      )}
    </FormModal>
  );
}
