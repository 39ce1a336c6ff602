import { useTranslation } from 'react-i18next';
import { badgeText } from '../lib/timing.ts';
import { useChatUnread } from '../session/session.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { Icon } from './Icon.tsx';
import { serviceEntries } from './route-flags.ts';
import { useShell } from './shell-state.tsx';

/**
 * Customer service as a line at the end of a form page, where the floating button would cover the
 * form's own buttons (deposit and withdrawal: app.css hides the floating one there).
 */
export function InlineService() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const { open } = useShell();
  if (serviceEntries(status?.info).length === 0) return null;
  return (
    <button type="button" className="btn btn-ghost inline-service" onClick={() => open('service')}>
      <Icon name="headset" size={20} />
      {t('service.title')}
    </button>
  );
}

/**
 * Floating customer-service button; its sheet lists live chat and the social channels. It carries the
 * count of chat messages from customer service the member has not read.
 */
export function FloatingService() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const { open } = useShell();
  const entries = serviceEntries(status?.info);
  const unread = useChatUnread(entries.some((e) => e.csType === 'LIVECHAT'));
  if (entries.length === 0) return null;
  return (
    <button
      type="button"
      className="floating-service"
      aria-label={unread > 0 ? t('service.titleUnread', { count: unread }) : t('service.title')}
      onClick={() => open('service')}
    >
      <Icon name="headset" size={26} />
      {unread > 0 && (
        <span className="badge" data-testid="chat-unread-floating" aria-hidden="true">
          {badgeText(unread)}
        </span>
      )}
    </button>
  );
}
