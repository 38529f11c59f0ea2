import { Component, type ReactNode } from 'react';

/** Keeps a failure of the live bid panel (a broken socket, say) from taking the page down. */
export class LivePanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="alert alert-error" role="alert">
          No se pudo mostrar el panel de pujas en vivo.{' '}
          <button type="button" className="btn-link" onClick={() => this.setState({ failed: false })}>
            Reintentar
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}
