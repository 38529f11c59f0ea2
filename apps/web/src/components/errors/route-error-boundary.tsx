import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LinkButton } from '../ui/button.tsx';

/** What a route shows when it throws or fails to load, instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="page" role="alert">
      <h1 className="page-title">{notFound ? 'Página no encontrada' : 'Algo salió mal'}</h1>
      <p className="muted">
        {notFound
          ? 'La página que buscas no existe o fue movida.'
          : 'Ocurrió un error inesperado al mostrar esta página. Por favor, intenta de nuevo.'}
      </p>
      <p>
        <LinkButton variant="primary" to="/">
          Ir al inicio
        </LinkButton>
      </p>
    </section>
  );
}
