import { adminMessages, signalMessages } from '@app/contracts';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { TabList } from '../../../components/ui/tabs.tsx';
import styles from './admin.module.css';
import { AuditTab } from './audit-tab.tsx';
import { ClaimsTab } from './claims-tab.tsx';
import { PayoutsTab } from './payouts-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { SignalsTab } from './signals-tab.tsx';
import { SummaryTab } from './summary-tab.tsx';
import { UsersTab } from './users-tab.tsx';

/** The console's tabs, by the name the address carries (`/admin?tab=pagos`). */
const ADMIN_TABS = [
  { id: 'resumen', label: adminMessages.tabs.summary },
  { id: 'pagos', label: adminMessages.tabs.payouts },
  { id: 'reclamos', label: adminMessages.tabs.claims },
  { id: 'denuncias', label: adminMessages.tabs.reports },
  { id: 'senales', label: signalMessages.tab },
  { id: 'usuarios', label: adminMessages.tabs.users },
  { id: 'registro', label: adminMessages.tabs.audit },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['id'];

const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((tab) => tab.id === value);
const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
const panelId = (tab: AdminTab) => `admin-panel-${tab}`;

const PANELS: Record<AdminTab, () => React.JSX.Element> = {
  resumen: SummaryTab,
  pagos: PayoutsTab,
  reclamos: ClaimsTab,
  denuncias: ReportsTab,
  senales: SignalsTab,
  usuarios: UsersTab,
  registro: AuditTab,
};

/** /admin for an operator: the tabs, the chosen one kept in the address so a link reopens it. */
export function AdminConsole() {
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'resumen';
  const Panel = PANELS[tab];

  const select = (next: AdminTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      // Moving between tabs is not a new page for the Back button.
      { replace: true },
    );

  return (
    <section className="page" aria-labelledby={titleId}>
      <h1 id={titleId} className="page-title">
        {adminMessages.consoleTitle}
      </h1>
      <TabList
        tabs={ADMIN_TABS}
        selected={tab}
        onSelect={select}
        tabId={tabId}
        panelId={panelId}
        label="Secciones de administración"
        className={styles.tabs}
      />
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className={styles.panel}>
        <Panel key={tab} />
      </div>
    </section>
  );
}
