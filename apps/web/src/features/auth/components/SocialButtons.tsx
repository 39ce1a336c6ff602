import { useTranslation } from 'react-i18next';
import type { WhitelabelFlag } from '@playhouse/contract/settings';
import { Icon } from '../../../shell/Icon.tsx';
import { useSiteStatus } from '../../../status/site-status.ts';
import { socialStartUrl } from '../api/social-calls.ts';

// Mirrors SOCIAL_FLAGS in the contract (kept here so the site does not bundle the schema library).
const FLAGS: Record<string, WhitelabelFlag | null> = {
  telegram: 'TELEGRAMLOGIN3',
  facebook: 'FACEBOOKLOGIN3',
  google: 'GOOGLELOGIN3',
  oidc: null,
};
const ORDER = ['telegram', 'facebook', 'google', 'oidc'];
const ICONS = { telegram: 'telegram', facebook: 'facebook', google: 'globe', oidc: 'globe' } as const;

/**
 * Telegram, Facebook, Google and the operator's OpenID provider: each only when its flag is on and the
 * operator configured it. A tap leaves for the provider (a full-page navigation through the server,
 * which keeps the PKCE verifier and state); Telegram uses its login page rather than the widget
 * script, which the site's Content-Security-Policy does not load.
 */
export function SocialButtons({ affiliateCode }: { affiliateCode?: string | undefined } = {}) {
  const { t } = useTranslation('auth');
  const status = useSiteStatus();
  const flags = status?.info.whitelabel;
  const buttons = (status?.info.socialLogin ?? [])
    .filter((o) => {
      const flag = FLAGS[o.provider];
      return flag === null || Boolean(flag && flags?.[flag]);
    })
    .sort((a, b) => ORDER.indexOf(a.provider) - ORDER.indexOf(b.provider));
  if (!buttons.length) return null;
  return (
    <div className="auth-social">
      <p className="auth-divider">
        <span>{t('social.title')}</span>
      </p>
      <div className="auth-social-row">
        {buttons.map((b) => (
          <a
            key={b.provider}
            className="btn btn-ghost btn-sm"
            href={socialStartUrl(b.provider, affiliateCode)}
          >
            <Icon name={ICONS[b.provider]} size={18} />
            {b.provider === 'oidc' ? b.displayName : t(`social.${b.provider}`)}
          </a>
        ))}
      </div>
    </div>
  );
}
