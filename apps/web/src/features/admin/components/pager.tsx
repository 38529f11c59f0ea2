import type { PageMeta } from '@app/contracts';
import { Button } from '../../../components/ui/button.tsx';
import styles from './admin.module.css';

/** 'Anterior' / 'Siguiente' under a list that has more than one page. */
export function Pager({
  meta,
  onPage,
  busy,
  label,
}: {
  meta: PageMeta;
  onPage: (page: number) => void;
  busy: boolean;
  /** What is paged, for screen readers ('Páginas de pagos'). */
  label: string;
}) {
  if (meta.pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button size="sm" onClick={() => onPage(meta.page - 1)} disabled={meta.page <= 1 || busy}>
        Anterior
      </Button>
      <span>
        Página {meta.page} de {meta.pages}
      </span>
      <Button size="sm" onClick={() => onPage(meta.page + 1)} disabled={meta.page >= meta.pages || busy}>
        Siguiente
      </Button>
    </nav>
  );
}
