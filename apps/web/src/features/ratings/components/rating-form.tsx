import { CreateRatingSchema, ratingMessages as m, RATING_COMMENT_MAX } from '@app/contracts';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateRating } from '../api/ratings.ts';
import styles from './ratings.module.css';

const SCORE_LABELS = ['Muy malo', 'Malo', 'Regular', 'Bueno', 'Excelente'] as const;

/** Rates the seller of one delivered purchase: 1-5 stars (radio buttons) and an optional comment. */
export function RatingForm({
  productId,
  productName,
  onRated,
}: {
  productId: number;
  productName: string;
  onRated: (rating: { score: number; comment: string | null; created_at: string }) => void;
}) {
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useCreateRating();
  const id = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = CreateRatingSchema.safeParse({ product_id: productId, score, comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? m.saveFailed);
      return;
    }
    try {
      const result = await mutation.mutateAsync({ product_id: productId, score: score!, comment });
      onRated(result.rating);
    } catch (err) {
      setError(errorMessage(err, m.saveFailed));
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label={`${m.rateSeller}: ${productName}`} noValidate>
      <fieldset className={styles.starsField}>
        <legend>{m.rateSeller}</legend>
        <div className={styles.starInputs}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`${styles.starLabel} ${score !== null && n <= score ? styles.on : ''}`}>
              <input
                type="radio"
                name={`${id}-score`}
                value={n}
                checked={score === n}
                onChange={() => {
                  setScore(n);
                  setError(null);
                }}
                className="sr-only"
              />
              <span aria-hidden="true">★</span>
              <span className="sr-only">
                {n} {n === 1 ? 'estrella' : 'estrellas'} ({SCORE_LABELS[n - 1]})
              </span>
            </label>
          ))}
          {score !== null && <span className={styles.scoreText}>{SCORE_LABELS[score - 1]}</span>}
        </div>
      </fieldset>
      <label className={styles.commentLabel} htmlFor={`${id}-comment`}>
        Comentario (opcional)
      </label>
      <textarea
        id={`${id}-comment`}
        className="textarea"
        rows={2}
        maxLength={RATING_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" variant="primary" size="sm" busy={mutation.isPending}>
        {mutation.isPending ? 'Enviando...' : m.sendRating}
      </Button>
    </form>
  );
}
