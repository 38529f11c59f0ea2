import {
  makeProfileUpdateSchema,
  type ProfileUpdateForm,
  type ProfileUpdateInput,
  type UserProfile,
  userMessages,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProfile } from '../../../lib/profile-query.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useCloseAfterSuccess } from './use-close-after-success.ts';
import styles from './users.module.css';

const editProfileMessages = {
  loadFailed: 'Error al cargar los datos del perfil',
  updateFailed: 'Ha ocurrido un error al actualizar el perfil',
} as const;

type FormValues = {
  name: string;
  last_name: string;
  phone: string;
  address: string;
  bio: string;
  birth_date: string;
  avatar: string;
};

/** Today in the browser's time zone as YYYY-MM-DD (the birth-date limit the person sees). */
function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function toFormValues(profile: UserProfile | undefined): FormValues & ProfileUpdateForm {
  return {
    name: profile?.name ?? '',
    last_name: profile?.last_name ?? '',
    phone: profile?.phone ?? '',
    address: profile?.address ?? '',
    bio: profile?.bio ?? '',
    birth_date: profile?.birth_date ?? '',
    avatar: profile?.avatar ?? '',
  };
}

/** 'Editar Perfil', checked with the shared profile edit rules. */
export function EditProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = useProfile({ enabled: open });
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const { success, succeed, dialogProps } = useCloseAfterSuccess(open, onClose);
  const today = useMemo(() => localDay(), []);
  const schema = useMemo(() => makeProfileUpdateSchema(today), [today]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileUpdateForm, unknown, ProfileUpdateInput>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(profile.data),
  });

  // Fill the form with the saved profile each time the modal opens (and when it loads).
  const loaded = profile.data;
  useEffect(() => {
    if (open) {
      setFailure(null);
      reset(toFormValues(loaded));
    }
  }, [open, loaded, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      succeed(userMessages.profileUpdated);
    } catch (error) {
      setFailure(errorMessage(error, editProfileMessages.updateFailed));
    }
  });

  const loadFailed = profile.isError && !profile.data;
  return (
    <FormModal
      {...dialogProps(update.isPending, isDirty)}
      title="Editar Perfil"
      onSubmit={onSubmit}
      submitLabel="Guardar cambios"
      submitDisabled={loadFailed || profile.isPending}
      body={
        profile.isPending && !profile.data ? (
          <Spinner label="Cargando datos del perfil..." />
        ) : loadFailed ? (
          <LoadFailure message={editProfileMessages.loadFailed} onRetry={() => void profile.refetch()} />
        ) : undefined
      }
    >
      {success && <Alert kind="success">{success}</Alert>}
      {failure && <Alert kind="error">{failure}</Alert>}
      <fieldset className={`${styles.formGrid} plain-fieldset`}>
        <FormField label="Nombre" required error={errors.name?.message}>
          <input className="input" autoComplete="given-name" {...register('name')} />
        </FormField>
        <FormField label="Apellido" required error={errors.last_name?.message}>
          <input className="input" autoComplete="family-name" {...register('last_name')} />
        </FormField>
        <FormField label="Teléfono" error={errors.phone?.message} hint="Ej.: +57 300 123 4567">
          <input className="input" type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField label="Fecha de nacimiento" error={errors.birth_date?.message}>
          <input className="input" type="date" max={today} autoComplete="bday" {...register('birth_date')} />
        </FormField>
        <FormField className={styles.full} label="Dirección" error={errors.address?.message}>
          <input className="input" autoComplete="street-address" {...register('address')} />
        </FormField>
        <FormField
          className={styles.full}
          label="URL del avatar"
          error={errors.avatar?.message}
          hint="Enlace https a una imagen (opcional)"
        >
          <input className="input" type="url" inputMode="url" autoComplete="photo" {...register('avatar')} />
        </FormField>
        <FormField className={styles.full} label="Acerca de mí" error={errors.bio?.message}>
          <textarea className="textarea" rows={4} {...register('bio')} />
        </FormField>
      </fieldset>
    </FormModal>
  );
}
