import type { PageMeta } from '@app/contracts';
import { Button } from './button.tsx';
import styles from './pager.module.css';

function PagerButton({ off, onClick, children }: { off: boolean; onClick: () => void; children: string }) {
  // aria-disabled, not disabled: reaching the first or last page must not drop the keyboard
  // focus to the top of the page, so the button stays focusable and refuses clicks instead.
  return (
    <Button size="sm" aria-disabled={off || undefined} onClick={off ? undefined : onClick}>
      {children}
    </Button>
  );
}

/** 'Anterior' / 'Siguiente' under a list that has more than one page; nothing otherwise. */
export function Pager({
  meta,
  onPage,
  busy = false,
  label,
}: {
  meta: Pick<PageMeta, 'page' | 'pages'>;
  onPage: (page: number) => void;
  /** The next page is on its way: no second step until it is there. */
  busy?: boolean;
  /** What is paged, for screen readers ('Páginas de pagos'). */
  label: string;
}) {
  if (meta.pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <PagerButton off={meta.page <= 1 || busy} onClick={() => onPage(meta.page - 1)}>
        Anterior
      </PagerButton>
      <span aria-live="polite">
        Página {meta.page} de {meta.pages}
      </span>
      <PagerButton off={meta.page >= meta.pages || busy} onClick={() => onPage(meta.page + 1)}>
        Siguiente
      </PagerButton>
    </nav>
  );
}
