import { formatLongDate, questionMessages as m, type PublicQuestion } from '@app/contracts';
import type { ReactNode } from 'react';
import styles from './questions.module.css';

/** One question with its answer, if any; `children` adds actions (the seller's page). */
export function QuestionItem({
  question,
  before,
  children,
}: {
  question: PublicQuestion;
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className={`card ${styles.item}`}>
      {before}
      <p className={styles.question}>{question.text}</p>
      <p className={`muted ${styles.meta}`}>
        @{question.asker_username} ·{' '}
        <time dateTime={question.created_at}>{formatLongDate(question.created_at)}</time>
      </p>
      {question.answer && (
        <div className={styles.answer}>
          <span className={styles.answerLabel}>{m.sellerAnswer}</span>
          <p className={styles.answerText}>{question.answer.text}</p>
        </div>
      )}
      {children}
    </li>
  );
}
