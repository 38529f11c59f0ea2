import { questionMessages as m } from '@app/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ProductQuestionsProps } from './product-questions.tsx';
import styles from './questions.module.css';

const ProductQuestions = lazy(() =>
  import('./product-questions.tsx').then((module) => ({ default: module.ProductQuestions })),
);

/**
 * The product page's questions, loaded only once the page has rendered and been idle, and the
 * section is near the screen: its code and its request never compete with the product's own
 * first render (bids, images, the buy button).
 */
export function QuestionsSection({ productId, ownerId, renderReport }: ProductQuestionsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let observer: IntersectionObserver | undefined;
    const watch = () => {
      if (typeof IntersectionObserver === 'undefined') return setShow(true);
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setShow(true);
            observer?.disconnect();
          }
        },
        { rootMargin: '300px 0px' },
      );
      observer.observe(element);
    };
    const idle = typeof requestIdleCallback === 'function';
    const handle = idle ? requestIdleCallback(watch, { timeout: 2000 }) : window.setTimeout(watch, 300);
    return () => {
      if (idle) cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      observer?.disconnect();
    };
  }, []);

  return (
    <div ref={ref} className={styles.section}>
      {show ? (
        <Suspense fallback={<Spinner label={m.loading} />}>
          <ProductQuestions productId={productId} ownerId={ownerId} renderReport={renderReport} />
        </Suspense>
      ) : (
        <>
          <h2 className={`title-sm ${styles.heading}`}>{m.sectionTitle}</h2>
          {/* The section's shape (the question box, then questions) until it loads, so the
              reader sees something is coming rather than a heading over nothing. */}
          <div className={styles.placeholder} aria-hidden="true">
            <span className={styles.placeholderBox} />
            <span className={styles.placeholderLine} />
            <span className={styles.placeholderLine} />
          </div>
        </>
      )}
    </div>
  );
}
