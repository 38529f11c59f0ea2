import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

interface Props {
  children: ReactNode;
  /** What to show instead of the broken part; gets a retry function. */
  fallback?: (retry: () => void) => ReactNode;
  /** Message of the default fallback. */
  message?: string;
}

/**
 * Keeps one broken section (a live panel, a widget) from taking the whole page down.
 * Route-level failures are handled by RouteErrorBoundary.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Section failed', error, info.componentStack);
  }

  retry = () => this.setState({ failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.retry);
    return (
      <Alert kind="error" as="div">
        <p className="flush">{this.props.message ?? 'No se pudo mostrar esta sección.'}</p>
        <Button className="space-top" size="sm" onClick={this.retry}>
          Reintentar
        </Button>
      </Alert>
    );
  }
}
