import { questionMessages as m, type PublicQuestion } from '@app/contracts';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCurrentUserId } from '../../../lib/use-auth.ts';
import { useProductQuestions } from '../api/questions.ts';
import { AskQuestionForm } from './ask-question-form.tsx';
import { QuestionItem } from './question-item.tsx';
import styles from './questions.module.css';

const PAGE_SIZE = 5;

/**
 * 'Preguntas al vendedor': the ask form (or a login prompt; nothing for the product's owner, who
 * answers instead of asking) and the answered and open questions, each with `renderReport`'s action.
 */
export interface ProductQuestionsProps {
  productId: number;
  /** The product's owner, once known: they answer questions, they do not ask them. */
  ownerId?: number;
  /** 'Denunciar' on each question (the route composes the reports feature). */
  renderReport?: (question: PublicQuestion) => ReactNode;
}

export function ProductQuestions({ productId, ownerId, renderReport }: ProductQuestionsProps) {
  const headingId = useId();
  const userId = useCurrentUserId();
  const { pathname } = useLocation();
  const [page, setPage] = useState(1);
  const query = useProductQuestions(productId, page, PAGE_SIZE);

  let list: React.ReactNode;
  if (query.isPending) list = <Spinner label={m.loading} />;
  else if (query.isError)
    list = (
      <LoadFailure
        message={m.loadError}
        onRetry={() => void query.refetch()}
        size="sm"
        retryLabel={m.retry}
      />
    );
  else if (query.data.items.length === 0) list = <p className="empty-state">{m.noQuestions}</p>;
  else {
    const { items, meta } = query.data;
    list = (
      <>
        <ul className={styles.list} aria-labelledby={headingId}>
          {items.map((q) => (
            <QuestionItem key={q.id} question={q}>
              {renderReport && <div className={styles.actions}>{renderReport(q)}</div>}
            </QuestionItem>
          ))}
        </ul>
        <Pager meta={meta} onPage={setPage} busy={query.isFetching} label="Páginas de preguntas" />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={`title-sm ${styles.heading}`}>
        {m.sectionTitle}
      </h2>
      {userId === null ? (
        <p>
          <Link to={paths.login.getHref(pathname)}>{m.loginToAsk}</Link>
        </p>
      ) : (
        userId !== ownerId && <AskQuestionForm productId={productId} />
      )}
      {list}
    </section>
  );
}
