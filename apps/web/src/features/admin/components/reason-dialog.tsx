import { adminMessages } from '@app/contracts';
import { type ReactNode, useId } from 'react';
import { NoteDialog } from './note-dialog.tsx';

/**
 * An operator action that asks why (suspend, reinstate): the reason goes to the audit and, where
 * the action says so, to the person it concerns. The server's refusal shows inside the dialog.
 */
export function ReasonDialog({
  title,
  intro,
  label,
  required,
  submitLabel,
  pendingLabel,
  danger,
  failed,
  onSubmit,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  label: string;
  required: boolean;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  /** What to say when the call fails without a message of the server's. */
  failed: string;
  /** Resolves when done (the dialog then closes); rejects with the server's error. */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const introId = useId();
  return (
    <NoteDialog
      title={title}
      intro={<div id={introId}>{intro}</div>}
      describedBy={introId}
      label={label}
      required={required}
      requiredMessage={adminMessages.reasonRequired}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      danger={danger}
      failed={failed}
      onSubmit={async (reason) => {
        await onSubmit(reason);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
