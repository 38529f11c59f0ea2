import { ANSWER_MAX, questionMessages as m, type SellerQuestion } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TabList } from '../../../components/ui/tabs.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { contactWarning } from '../../../lib/contact-warning.ts';
import {
  type SellerQuestionStatus,
  useAnswerQuestion,
  useBlockAsker,
  useHideQuestion,
  useSellerQuestions,
} from '../api/questions.ts';
import { QuestionItem } from './question-item.tsx';
import styles from './questions.module.css';

const tabs = [
  { id: 'unanswered', label: m.unansweredTab },
  { id: 'answered', label: m.answeredTab },
] as const;

/** The seller's questions: open ones with an answer form, answered ones; hide and block on each. */
export function SellerQuestions() {
  const [status, setStatus] = useState<SellerQuestionStatus>('unanswered');
  const [page, setPage] = useState(1);
  const base = useId();
  const tabId = (tab: string) => `${base}-tab-${tab}`;
  const panelId = (tab: string) => `${base}-panel-${tab}`;
  const query = useSellerQuestions(status, page);
  const [blocking, setBlocking] = useState<string | null>(null);
  const block = useBlockAsker();
  const toast = useToast();

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label={m.loading} />;
  else if (query.isError)
    content = (
      <LoadFailure
        message={m.loadError}
        onRetry={() => void query.refetch()}
        size="sm"
        retryLabel={m.retry}
      />
    );
  else if (query.data.items.length === 0)
    content = <p className="empty-state">{status === 'unanswered' ? m.noUnanswered : m.noAnswered}</p>;
  else {
    const { items, meta } = query.data;
    content = (
      <>
        <ul className={styles.list}>
          {items.map((q) => (
            <SellerQuestionItem key={q.id} question={q} onBlock={() => setBlocking(q.asker_username)} />
          ))}
        </ul>
        <Pager meta={meta} onPage={setPage} busy={query.isFetching} label="Páginas de preguntas" />
      </>
    );
  }

  return (
    <div className="stack">
      <TabList
        tabs={tabs}
        selected={status}
        onSelect={(tab) => {
          setStatus(tab);
          setPage(1);
        }}
        tabId={tabId}
        panelId={panelId}
        label={m.pageTitle}
      />
      <div id={panelId(status)} role="tabpanel" aria-labelledby={tabId(status)}>
        {content}
      </div>
      <ConfirmDialog
        open={blocking !== null}
        title={m.block}
        message={blocking ? m.confirmBlock(blocking) : ''}
        confirmLabel="Bloquear"
        danger
        pending={block.isPending}
        error={block.isError ? errorMessage(block.error, m.sendError) : null}
        onCancel={() => {
          setBlocking(null);
          block.reset();
        }}
        onConfirm={() => {
          if (!blocking) return;
          block.mutate(blocking, {
            onSuccess: (result) => {
              toast.success(result.message);
              setBlocking(null);
            },
          });
        }}
      />
    </div>
  );
}

function SellerQuestionItem({ question, onBlock }: { question: SellerQuestion; onBlock: () => void }) {
  const hide = useHideQuestion();
  const toast = useToast();
  return (
    <QuestionItem
      question={question}
      before={
        <Link to={question.product_link} className={styles.productLink}>
          {question.product_name}
        </Link>
      }
    >
      {!question.answer && <AnswerForm id={question.id} />}
      {hide.isError && <Alert kind="error">{errorMessage(hide.error, m.sendError)}</Alert>}
      <div className={styles.actions}>
        <Button
          size="sm"
          busy={hide.isPending}
          aria-label={`${m.hide}: ${question.text}`}
          onClick={() => hide.mutate(question.id, { onSuccess: (r) => toast.success(r.message) })}
        >
          {m.hide}
        </Button>
        <Button
          size="sm"
          variant="danger"
          aria-label={`${m.block} @${question.asker_username}`}
          onClick={onBlock}
        >
          {m.block}
        </Button>
      </div>
    </QuestionItem>
  );
}

function AnswerForm({ id }: { id: number }) {
  const [text, setText] = useState('');
  const [required, setRequired] = useState<string>();
  const answer = useAnswerQuestion();
  const toast = useToast();
  const warning = contactWarning(text);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setRequired(m.answerRequired);
    if (warning) return;
    answer.mutate({ id, text: trimmed }, { onSuccess: (r) => toast.success(r.message) });
  };

  return (
    <form className={`${styles.form} space-top`} onSubmit={onSubmit} noValidate>
      <FormField label={m.answerLabel} error={warning ?? required}>
        <textarea
          className="textarea"
          name="answer"
          rows={2}
          maxLength={ANSWER_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setRequired(undefined);
            if (answer.isError) answer.reset();
          }}
        />
      </FormField>
      <div className={styles.formFooter}>
        <span className={`muted ${styles.count}`} aria-hidden="true">
          {text.length}/{ANSWER_MAX}
        </span>
        <Button type="submit" variant="primary" size="sm" busy={answer.isPending} disabled={Boolean(warning)}>
          {m.answerButton}
        </Button>
      </div>
      {answer.isError && <Alert kind="error">{errorMessage(answer.error, m.sendError)}</Alert>}
    </form>
  );
}
