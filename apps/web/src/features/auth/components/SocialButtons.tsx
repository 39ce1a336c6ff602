import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shell/Icon.tsx';
import { useSiteStatus } from '../../../status/site-status.ts';

/**
 * Telegram, Facebook and Google sign-in, each only when its flag is on. The providers' sign-in flows
 * are not connected yet, so each button says so instead of pretending.
 */
export function SocialButtons({ onUnavailable }: { onUnavailable: () => void }) {
  const { t } = useTranslation('auth');
  const flags = useSiteStatus()?.info.whitelabel;
  const buttons = [
    flags?.TELEGRAMLOGIN3 && { id: 'telegram', icon: 'telegram' as const },
    flags?.FACEBOOKLOGIN3 && { id: 'facebook', icon: 'facebook' as const },
    flags?.GOOGLELOGIN3 && { id: 'google', icon: 'globe' as const },
  ].filter((b): b is { id: string; icon: 'telegram' | 'facebook' | 'globe' } => Boolean(b));
  if (!buttons.length) return null;
  return (
    <div className="auth-social">
      <p className="auth-divider">
        <span>{t('social.title')}</span>
      </p>
      <div className="auth-social-row">
        {buttons.map((b) => (
          <button key={b.id} type="button" className="btn btn-ghost btn-sm" onClick={onUnavailable}>
            <Icon name={b.icon} size={18} />
            {t(`social.${b.id}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
