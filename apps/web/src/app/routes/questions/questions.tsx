import { questionMessages as m } from '@app/contracts';
import { SellerQuestions } from '../../../features/questions/components/seller-questions.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /questions ('Preguntas'): where a seller answers the questions on their products. */
export function Component() {
  usePageMeta({
    title: m.pageTitle,
    description: 'Las preguntas que te hacen sobre tus productos, para responderlas.',
  });
  return (
    <section className="page">
      <h1 className="page-title">{m.pageTitle}</h1>
      <p className="page-subtitle muted">Las respuestas se publican en la página del producto.</p>
      <SellerQuestions />
    </section>
  );
}
