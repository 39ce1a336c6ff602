import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function RetryScreen() {
  const { t } = useTranslation('web');
  return (
    <div className="route-error" role="alert">
      <p>{t('routeError.text')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('routeError.retry')}
      </button>
    </div>
  );
}

/**
 * A page whose code failed to load (offline, a new deployment) or that threw while rendering shows a
 * retry screen instead of a spinner forever. Reset by the shell's per-path key.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <RetryScreen /> : this.props.children;
  }
}
