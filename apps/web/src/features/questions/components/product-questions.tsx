import { questionMessages as m } from '@app/contracts';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useIsLoggedIn } from '../../../lib/use-auth.ts';
import { useProductQuestions } from '../api/questions.ts';
import { AskQuestionForm } from './ask-question-form.tsx';
import { QuestionItem } from './question-item.tsx';
import styles from './questions.module.css';

const PAGE_SIZE = 5;

/** 'Preguntas al vendedor': the ask form (or a login prompt) and the answered and open questions. */
export function ProductQuestions({ productId }: { productId: number }) {
  const headingId = useId();
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  const [page, setPage] = useState(1);
  const query = useProductQuestions(productId, page, PAGE_SIZE);

  let list: React.ReactNode;
  if (query.isPending) list = <Spinner label={m.loading} />;
  else if (query.isError)
    list = (
      <div className="stack">
        <Alert kind="error">{m.loadError}</Alert>
        <Button size="sm" className="self-start" onClick={() => query.refetch()}>
          {m.retry}
        </Button>
      </div>
    );
  else if (query.data.items.length === 0) list = <p className="empty-state">{m.noQuestions}</p>;
  else {
    const { items, meta } = query.data;
    list = (
      <>
        <ul className={styles.list} aria-labelledby={headingId}>
          {items.map((q) => (
            <QuestionItem key={q.id} question={q} />
          ))}
        </ul>
        {meta.pages > 1 && (
          <nav className={styles.pager} aria-label="Páginas de preguntas">
            <Button size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </Button>
            <span>
              Página {meta.page} de {meta.pages}
            </span>
            <Button size="sm" disabled={page >= meta.pages} onClick={() => setPage(page + 1)}>
              Siguiente
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={`title-sm ${styles.heading}`}>
        {m.sectionTitle}
      </h2>
      {loggedIn ? (
        <AskQuestionForm productId={productId} />
      ) : (
        <p>
          <Link to={paths.login.getHref(pathname)}>{m.loginToAsk}</Link>
        </p>
      )}
      {list}
    </section>
  );
}
