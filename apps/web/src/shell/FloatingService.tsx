import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../status/site-status.ts';
import { Icon } from './Icon.tsx';
import { serviceEntries } from './route-flags.ts';
import { useShell } from './shell-state.tsx';

/** Floating customer-service button; its sheet lists live chat and the social channels. */
export function FloatingService() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const { open } = useShell();
  if (serviceEntries(status?.info).length === 0) return null;
  return (
    <button
      type="button"
      className="floating-service"
      aria-label={t('service.title')}
      onClick={() => open('service')}
    >
      <Icon name="headset" size={26} />
    </button>
  );
}
