import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LinkButton } from '../ui/button.tsx';

interface Props {
  children: ReactNode;
  /** The page's path: showing another page tries again. */
  resetKey: string;
}

/**
 * What a page shows when it throws while rendering or its code fails to load (a new version
 * was deployed meanwhile, the network dropped), instead of a blank page.
 */
export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page" role="alert">
        <h1 className="page-title">Algo salió mal</h1>
        <p className="muted">
          Ocurrió un error inesperado al mostrar esta página. Por favor, intenta de nuevo.
        </p>
        <p>
          <LinkButton variant="primary" to="/">
            Ir al inicio
          </LinkButton>
        </p>
      </section>
    );
  }
}
