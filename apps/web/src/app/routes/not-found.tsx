import { Link } from 'react-router';

export function Component() {
  return (
    <section className="page">
      <h1 className="page-title">Página no encontrada</h1>
      <p className="muted">La página que buscas no existe o fue movida.</p>
      <p>
        <Link className="btn btn-primary" to="/">
          Ir al inicio
        </Link>
      </p>
    </section>
  );
}
