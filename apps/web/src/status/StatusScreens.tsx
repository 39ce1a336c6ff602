import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '@playhouse/contract/system';
import { Icon } from '../shell/Icon.tsx';

/** Full-page screen shown while the site is under maintenance (status 1). */
export function MaintenanceScreen() {
  const { t } = useTranslation();
  return (
    <main className="status-screen" data-status="maintenance">
      <Icon name="tools" size={64} />
      <h1>{t('status.maintenanceTitle')}</h1>
      <p>{t('status.maintenanceText')}</p>
    </main>
  );
}

/** Full-page screen shown when the visitor's IP or region is blocked (status 2). */
export function BlockedScreen({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  return (
    <main className="status-screen" data-status="blocked">
      <Icon name="shield" size={64} />
      <h1>{t('status.blockedTitle')}</h1>
      <p>{t('status.blockedText')}</p>
      <p className="muted">{t('status.yourIp', { ip: status.location.ip })}</p>
    </main>
  );
}
