import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findLanguage } from '@playhouse/contract/languages';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../session/session.ts';
import { Icon } from '../../shell/Icon.tsx';
import { showToast } from '../../shell/toast.tsx';
import { useRevokeOtherSessions, useRevokeSession, useSessions, type MemberSession } from './api.ts';
import { describeDevice } from './device.ts';
import { ContactSection, FundPasswordSection, IdentitySection } from './SecuritySections.tsx';
import { SignInPrompt } from './SignInPrompt.tsx';
import { SignInHistorySection } from './SignInHistorySection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import './member.css';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", in the page language. */
function ago(ms: number, tag: string): string {
  const diff = ms - Date.now();
  const format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit);
  return format.format(0, 'minute');
}

function SessionRow({ session, tag }: { session: MemberSession; tag: string }) {
  const { t } = useTranslation('member');
  const revoke = useRevokeSession();
  const device = describeDevice(session.userAgent);
  const signOut = async () => {
    try {
      await revoke.mutateAsync(session.id);
      showToast(t('security.signedOut'), { kind: 'success' });
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    }
  };
  return (
    <li className="mc-session">
      <Icon name={session.device === 'APP' ? 'download' : 'globe'} size={22} />
      <div className="mc-session-text">
        <strong>
          {device ? t('security.device', device) : t('security.unknownDevice')}
          {session.current && <span className="mc-chip">{t('security.thisDevice')}</span>}
        </strong>
        <span className="mc-muted">
          {[session.ip, t('security.lastActive', { time: ago(session.lastSeenAt, tag) })]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {!session.current && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={revoke.isPending}
          onClick={() => void signOut()}
        >
          {t('security.signOut')}
        </button>
      )}
    </li>
  );
}

/**
 * /m/securityCenter: login password, two-step sign-in, fund password, the bound phone and e-mail, identity verification,
 * responsible gambling and the member's signed-in devices.
 */
export default function SecurityCentrePage() {
  const { t, i18n } = useTranslation('member');
  const session = useSession();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  if (!session) return <SignInPrompt />;
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  // This device first, then the others by last use (the server's order).
  const list = [...(sessions.data?.list ?? [])].sort((x, y) => Number(y.current) - Number(x.current));
  const others = list.filter((s) => !s.current).length;
  const signOutOthers = async () => {
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      showToast(t('security.signedOutOthers', { count: revoked }), { kind: 'success' });
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    }
  };
  return (
    <div className="mc-page">
      <section className="mc-card mc-padded">
        <h2 className="mc-card-title">{t('security.password')}</h2>
        <p className="mc-muted">{t('security.passwordText')}</p>
        <Link className="btn btn-primary btn-block" to="/m/changePsw">
          {t('security.changePassword')}
        </Link>
      </section>
      <TwoFactorSection />
      <FundPasswordSection />
      <ContactSection />
      <IdentitySection />
      <section className="mc-card mc-padded">
        <h2 className="mc-card-title">{t('security.responsibleGambling')}</h2>
        <p className="mc-muted">{t('security.responsibleGamblingText')}</p>
        <Link className="btn btn-ghost btn-block" to="/m/responsibleGambling">
          {t('security.openResponsibleGambling')}
        </Link>
      </section>
      <section className="mc-card mc-padded">
        <h2 className="mc-card-title">{t('security.sessions')}</h2>
        <p className="mc-muted">{t('security.sessionsText')}</p>
        {sessions.isPending ? (
          <div className="mc-skeleton" aria-hidden="true" />
        ) : (
          <ul className="mc-sessions">
            {list.map((s) => (
              <SessionRow key={s.id} session={s} tag={tag} />
            ))}
          </ul>
        )}
        {others > 0 ? (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            disabled={revokeOthers.isPending}
            onClick={() => void signOutOthers()}
          >
            {t('security.signOutOthers')}
          </button>
        ) : (
          !sessions.isPending && <p className="mc-muted">{t('security.noOthers')}</p>
        )}
      </section>
      <SignInHistorySection />
    </div>
  );
}
