/** Loading state with its text (the spec names the text of each page's loading state). */
export function Spinner({ label = 'Cargando...' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
