/** Loading state with its text (each page names its own loading text). */
export function Spinner({ label = 'Cargando...' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
