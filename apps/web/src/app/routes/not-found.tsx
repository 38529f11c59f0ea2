import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({ title: 'Página no encontrada' });
  return (
    <section className="page">
      <div className="empty-state stack" style={{ alignItems: 'center' }}>
        <h1 className="page-title">Página no encontrada</h1>
        <p className="muted" style={{ margin: 0 }}>
          La página que buscas no existe o fue movida.
        </p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <Link className="btn btn-primary" to={paths.home.getHref()}>
            Ir al inicio
          </Link>
          <Link className="btn" to={paths.auctions.getHref()}>
            Ver subastas
          </Link>
        </div>
      </div>
    </section>
  );
}
