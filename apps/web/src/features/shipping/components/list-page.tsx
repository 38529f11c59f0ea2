import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

export type Notice = { kind: 'success' | 'error'; text: string } | null;

/** A list page's title with its 'Actualizar' button ('Actualizando...' while it reloads). */
export function ListPageHeader({
  title,
  query,
}: {
  title: string;
  query: { isFetching: boolean; isPending: boolean; refetch: () => unknown };
}) {
  const refreshing = query.isFetching && !query.isPending;
  return (
    <div className="page-header">
      <h1 className="page-title">{title}</h1>
      <Button onClick={() => void query.refetch()} busy={query.isFetching}>
        {refreshing ? 'Actualizando...' : 'Actualizar'}
      </Button>
    </div>
  );
}

/**
 * One row action at a time on a list page: which row is busy, and the page's notice of the
 * outcome (the action's success text, or the server's message / `failed` when it fails).
 */
export function useRowAction() {
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  async function run(rowId: number, action: () => Promise<string>, failed: string) {
    setNotice(null);
    setBusy(rowId);
    try {
      setNotice({ kind: 'success', text: await action() });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, failed) });
    } finally {
      setBusy(null);
    }
  }
  const noticeBox = notice && (
    // The row's button may be gone, and the message is above the list, out of view on a phone.
    <Alert kind={notice.kind} role="alert" takeFocus>
      {notice.text}
    </Alert>
  );
  return { busy, setNotice, run, noticeBox };
}
