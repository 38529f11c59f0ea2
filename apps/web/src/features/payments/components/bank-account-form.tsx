import {
  ACCOUNT_TYPES,
  accountTypeLabels,
  type BankAccount,
  type BankAccountFormValues,
  type BankAccountUpdate,
  BankAccountUpdateSchema,
  paymentMessages as m,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useProfile } from '../../../lib/profile-query.ts';
import { useBanks, useDocumentTypes } from '../api/get-banks.ts';
import { useSaveSellerBankAccount } from '../api/seller-bank-account.ts';
import styles from './payments.module.css';

// Changing a registered account asks for the current password; registering the first one does
// not, so its form leaves the (hidden) field unchecked and does not send it.
const registerSchema = BankAccountUpdateSchema.extend({ current_password: z.string() });

const EMPTY: BankAccountFormValues = {
  bank_id: '',
  account_number: '',
  // No type chosen yet: the select's empty option (the schema answers 'Seleccione un tipo de cuenta').
  account_type: '' as BankAccountFormValues['account_type'],
  account_name: '',
  account_document_type: '',
  account_document_number: '',
  current_password: '',
  code: '',
};

function valuesOf(account: BankAccount | null): BankAccountFormValues {
  if (!account) return EMPTY;
  return {
    bank_id: String(account.bank_id),
    account_number: account.account_number,
    account_type: account.account_type,
    account_name: account.account_name,
    account_document_type: account.account_document_type,
    account_document_number: account.account_document_number,
    // Asked again on every save: payouts go to this account.
    current_password: '',
    code: '',
  };
}

/** The bank account modal form: all fields required, digits-only account number. */
export function BankAccountForm({
  account,
  onClose,
  onSaved,
}: {
  /** The account being edited, or null to register one. */
  account: BankAccount | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const banks = useBanks();
  const documentTypes = useDocumentTypes();
  const save = useSaveSellerBankAccount();
  // With two-step verification on, a change of the account takes a current code too.
  const profile = useProfile();
  const askCode = account !== null && profile.data?.two_factor_enabled === true;
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BankAccountFormValues, unknown, BankAccountUpdate>({
    resolver: zodResolver(account ? BankAccountUpdateSchema : registerSchema),
    defaultValues: valuesOf(account),
  });

  const loading = banks.isPending || documentTypes.isPending;
  const loadError = banks.isError
    ? m.banksLoadError
    : documentTypes.isError
      ? m.documentTypesLoadError
      : null;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { current_password: _unused, code: _none, ...fields } = values;
      const saved = await save.mutateAsync(
        account ? { id: account.id, values } : { id: null, values: fields },
      );
      onSaved(saved.message);
    } catch (error) {
      const codeError = error instanceof ApiError ? error.fields.code : undefined;
      if (codeError) setError('code', { message: codeError });
      else setServerError(errorMessage(error, m.bankSaveError));
    }
  });

  return (
    <FormModal
      title={account ? 'Editar Cuenta Bancaria' : 'Agregar Cuenta Bancaria'}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel="Guardar"
      submitDisabled={loading || !!loadError}
      body={
        loading ? (
          <Spinner label="Cargando bancos..." />
        ) : loadError ? (
          <Alert kind="error" as="div">
            <p>{m.dataLoadError}</p>
            <p>{loadError}</p>
          </Alert>
        ) : undefined
      }
    >
      {serverError && <Alert kind="error">{serverError}</Alert>}
      <div className={styles.formGrid}>
        <FormField label="Banco" required error={errors.bank_id?.message}>
          <select className="select" {...register('bank_id')}>
            <option value="">Seleccione un banco</option>
            {banks.data?.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Tipo de cuenta" required error={errors.account_type?.message}>
          <select className="select" {...register('account_type')}>
            <option value="">Seleccione un tipo de cuenta</option>
            {ACCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {accountTypeLabels[type]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField label="Número de cuenta" required error={errors.account_number?.message}>
        <input className="input" inputMode="numeric" autoComplete="off" {...register('account_number')} />
      </FormField>
      <FormField label="Nombre del titular" required error={errors.account_name?.message}>
        <input className="input" autoComplete="name" {...register('account_name')} />
      </FormField>
      <div className={styles.formGrid}>
        <FormField label="Tipo de documento" required error={errors.account_document_type?.message}>
          <select className="select" {...register('account_document_type')}>
            <option value="">Seleccione un tipo de documento</option>
            {documentTypes.data?.map((d) => (
              <option key={d.id} value={d.value}>
                {d.value === d.label ? d.label : `${d.value} - ${d.label}`}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Número de documento" required error={errors.account_document_number?.message}>
          <input className="input" autoComplete="off" {...register('account_document_number')} />
        </FormField>
      </div>
      {account && (
        <FormField
          label="Contraseña actual"
          required
          hint="Por seguridad, confirma tu contraseña para cambiar la cuenta donde recibes tus pagos."
          error={errors.current_password?.message}
        >
          <input
            className="input"
            type="password"
            autoComplete="current-password"
            {...register('current_password')}
          />
        </FormField>
      )}
      {askCode && (
        <FormField label="Código de verificación" required error={errors.code?.message}>
          <input className="input" autoComplete="one-time-code" maxLength={40} {...register('code')} />
        </FormField>
      )}
    </FormModal>
  );
}
