/** A route whose feature has not landed yet (allowed by the foundation issue). */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      <p className="muted">Esta sección está en construcción.</p>
    </section>
  );
}
