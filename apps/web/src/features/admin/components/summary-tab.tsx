import { type AdminStatsResponse, adminMessages, formatCOP, formatNumber } from '@app/contracts';
import { useId, useState } from 'react';
import { compactPesos } from '../../../components/charts/compact-pesos.ts';
import { DailyChart } from '../../../components/charts/daily-chart.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { calendarDayLabel } from '../../../lib/calendar-day.ts';
import { useAdminStats } from '../api/admin-stats.ts';
import styles from './admin.module.css';

const PERIODS = [7, 30, 90] as const;

function Figures({ stats, days }: { stats: AdminStatsResponse; days: number }) {
  const waitingId = useId();
  const periodId = useId();
  const waiting: Array<[string, string, string]> = [
    ['Por pagar a vendedores', formatCOP(stats.payable_total), 'payable'],
    [adminMessages.heldTotal, formatCOP(stats.held_total), 'held'],
    ['Reclamos abiertos', formatNumber(stats.open_claims), 'claims'],
    ['Denuncias abiertas', formatNumber(stats.open_reports), 'reports'],
    ['Subastas activas', formatNumber(stats.active_auctions), 'auctions'],
  ];
  const period: Array<[string, string]> = [
    ['GMV', formatCOP(stats.totals.gmv)],
    ['Pedidos', formatNumber(stats.totals.orders)],
    ['Comisión', formatCOP(stats.totals.commission)],
    ['Usuarios nuevos', formatNumber(stats.totals.new_users)],
    ['Pujas', formatNumber(stats.totals.bids)],
  ];
  return (
    <>
      <section className="stack" aria-labelledby={waitingId}>
        <h2 id={waitingId} className={styles.sectionTitle}>
          Pendiente ahora
        </h2>
        <dl className={styles.figures}>
          {waiting.map(([label, value, key]) => (
            <div key={key} className={styles.figure}>
              <dt>{label}</dt>
              <dd data-total={key}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="stack" aria-labelledby={periodId}>
        <h2 id={periodId} className={styles.sectionTitle}>
          Últimos {days} días
        </h2>
        <dl className={styles.figures}>
          {period.map(([label, value]) => (
            <div key={label} className={styles.figure}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

/** The numbers the charts draw, as a table: what screen readers read instead of the pictures. */
function DaysTable({ stats, id }: { stats: AdminStatsResponse; id: string }) {
  return (
    // Hidden through a wrapper: a table grows to its content whatever width it is given.
    <div className="sr-only">
      <table id={id}>
        <caption>Cifras por día (hora de Bogotá)</caption>
        <thead>
          <tr>
            <th scope="col">Día</th>
            <th scope="col">GMV</th>
            <th scope="col">Pedidos</th>
            <th scope="col">Comisión</th>
            <th scope="col">Usuarios nuevos</th>
            <th scope="col">Pujas</th>
          </tr>
        </thead>
        <tbody>
          {stats.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{calendarDayLabel(day.date)}</th>
              <td>{formatCOP(day.gmv)}</td>
              <td>{formatNumber(day.orders)}</td>
              <td>{formatCOP(day.commission)}</td>
              <td>{formatNumber(day.new_users)}</td>
              <td>{formatNumber(day.bids)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Resumen': what waits for an operator, the period's totals, GMV and orders per day. */
export function SummaryTab() {
  const chartsId = useId();
  const [days, setDays] = useState<number>(30);
  const stats = useAdminStats(days);
  const tableId = useId();

  return (
    <>
      <div className={styles.toolbar}>
        <FormField label="Periodo" className={styles.filter}>
          <select className="select" value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {PERIODS.map((n) => (
              <option key={n} value={n}>
                Últimos {n} días
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {stats.isPending ? (
        <Spinner label="Cargando el resumen..." />
      ) : stats.isError ? (
        <LoadFailure
          message={errorMessage(stats.error, adminMessages.statsLoadError)}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <>
          <Figures stats={stats.data} days={days} />
          <section className="stack" aria-labelledby={chartsId}>
            <h2 id={chartsId} className={styles.sectionTitle}>
              Por día
            </h2>
            <div className={styles.charts}>
              <DailyChart
                title="GMV por día"
                kind="area"
                points={stats.data.days.map((d) => ({ date: d.date, value: d.gmv }))}
                formatValue={formatCOP}
                formatAxisValue={compactPesos}
                tableId={tableId}
              />
              <DailyChart
                title="Pedidos por día"
                kind="bar"
                points={stats.data.days.map((d) => ({ date: d.date, value: d.orders }))}
                formatValue={formatNumber}
                tableId={tableId}
              />
            </div>
            <DaysTable stats={stats.data} id={tableId} />
          </section>
        </>
      )}
    </>
  );
}
