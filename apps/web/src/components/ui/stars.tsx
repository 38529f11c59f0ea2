/** Read-only stars for a 1-5 score; the text says it for screen readers. */
export function Stars({ score, label }: { score: number; label?: string }) {
  const rounded = Math.round(score);
  return (
    <span className="stars" role="img" aria-label={label ?? `${score} de 5 estrellas`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= rounded ? 'star-on' : 'star-off'}>
          ★
        </span>
      ))}
    </span>
  );
}
