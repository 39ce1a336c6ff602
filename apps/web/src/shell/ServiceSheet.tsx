import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openLink } from '../lib/links.ts';
import { badgeText } from '../lib/timing.ts';
import { useChatUnread } from '../session/session.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { Icon, type IconName } from './Icon.tsx';
import { launchChat } from './launch-chat.ts';
import { Modal } from './Modal.tsx';
import { serviceEntries } from './route-flags.ts';
import { useShell } from './shell-state.tsx';

const ICONS: Record<string, IconName> = {
  LIVECHAT: 'headset',
  FACEBOOK: 'facebook',
  TELEGRAM: 'telegram',
  TELEGRAM2: 'telegram',
  WHATSAPP: 'whatsapp',
  EMAIL: 'mail',
};

/** Customer service: live chat plus the operator's social channels. */
export default function ServiceSheet() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSiteStatus();
  const { close } = useShell();
  const entries = serviceEntries(status?.info);
  const unread = useChatUnread(entries.some((e) => e.csType === 'LIVECHAT'));
  return (
    <Modal title={t('service.title')} onClose={close} className="sheet">
      <div className="service-list">
        {entries.map((entry) => (
          <button
            key={`${entry.csType}-${entry.path}`}
            type="button"
            className="service-item"
            onClick={() => {
              close();
              if (entry.csType === 'LIVECHAT') void launchChat(entry, navigate);
              else openLink(entry.path, navigate);
            }}
          >
            <Icon name={ICONS[entry.csType] ?? 'chat'} />
            <span>{entry.csType === 'LIVECHAT' ? t('menu.liveChat') : entry.title}</span>
            {entry.csType === 'LIVECHAT' && unread > 0 && (
              <span className="badge service-badge" data-testid="chat-unread-sheet">
                {badgeText(unread)}
              </span>
            )}
          </button>
        ))}
      </div>
    </Modal>
  );
}
