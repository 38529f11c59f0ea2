import { adminMessages, formatNumber } from '@app/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminStats } from '../api/admin-stats.ts';

/**
 * 'Reclamos': the list of claims to settle is not in the console yet. What it can say honestly
 * is how many are open (the summary counts them), never a list it does not have.
 */
export function ClaimsTab() {
  const stats = useAdminStats(30);
  if (stats.isPending) return <Spinner label="Cargando reclamos..." />;
  if (stats.isError)
    return <Alert kind="error">{errorMessage(stats.error, adminMessages.statsLoadError)}</Alert>;
  const open = stats.data.open_claims;
  if (open === 0) return <p className="empty-state">No hay reclamos abiertos</p>;
  return (
    <p className="empty-state">
      {open === 1 ? 'Hay 1 reclamo abierto' : `Hay ${formatNumber(open)} reclamos abiertos`}. Su lista aún no
      está disponible en la consola.
    </p>
  );
}
