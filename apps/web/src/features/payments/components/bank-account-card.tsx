import { accountTypeLabels, type BankAccount } from '@app/contracts';
import styles from './payments.module.css';

/** Shows only the last four digits on the card; the edit form has the whole number. */
function maskedNumber(value: string): string {
  return value.length > 4 ? `•••• ${value.slice(-4)}` : value;
}

/** The seller's one bank account, with the button that opens its edit form. */
export function BankAccountCard({ account, onEdit }: { account: BankAccount; onEdit: () => void }) {
  return (
    <div className="stack">
      <div className={styles.sectionHead}>
        <p className={styles.hint}>{account.bank_name}</p>
        <button
          type="button"
          className={styles.iconButton}
          onClick={onEdit}
          aria-label="Editar cuenta bancaria"
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 20h4l10.5-10.5a2.1 2.1 0 0 0-4-4L4 16v4z M13.5 6.5l4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
      <dl className={styles.accountGrid}>
        <div>
          <dt>Tipo de cuenta</dt>
          <dd>{accountTypeLabels[account.account_type]}</dd>
        </div>
        <div>
          <dt>Número de cuenta</dt>
          <dd className={styles.mono}>{maskedNumber(account.account_number)}</dd>
        </div>
        <div>
          <dt>Titular</dt>
          <dd>{account.account_name}</dd>
        </div>
        <div>
          <dt>Documento</dt>
          <dd>
            {account.account_document_type} {account.account_document_number}
          </dd>
        </div>
      </dl>
    </div>
  );
}
