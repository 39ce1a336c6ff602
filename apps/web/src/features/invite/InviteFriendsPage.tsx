import { NON_AGENT_TYPES } from '@playhouse/contract/account';
import { findLanguage } from '@playhouse/contract/languages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { useMemberType, useSession } from '../../session/session.ts';
import { useSiteStatus } from '../../status/site-status.ts';
import { ShareLink } from '../../components/share-link/ShareLinkCard.tsx';
import { Icon } from '../../shell/Icon.tsx';
import { useReferralSummary, type ReferralSummary } from './api.ts';
import './invite.css';

const money = (amount: string, currency: string) => `${currency} ${formatMoney(Number(amount))}`;

function HowItWorks({ reward, minDeposit }: { reward: string; minDeposit: string }) {
  const { t } = useTranslation('invite');
  return (
    <div className="invite-card">
      <h2>{t('how.title')}</h2>
      <ol className="invite-steps">
        <li>{t('how.step1')}</li>
        <li>{t('how.step2')}</li>
        <li>{t('how.step3', { reward, minDeposit })}</li>
      </ol>
    </div>
  );
}

/** A guest: what inviting is and the way in (spec §6: guests may open the screen). */
function GuestInvite() {
  const { t } = useTranslation('invite');
  const site = useSiteStatus()?.info.siteName ?? '';
  return (
    <section className="invite-page">
      <header className="invite-hero">
        <Icon name="invite" size={40} />
        <h1>{t('title')}</h1>
        <p>{t('guest', { site })}</p>
      </header>
      <div className="invite-actions">
        <Link className="btn btn-primary" to="/m/login">
          {t('login')}
        </Link>
        <Link className="btn btn-ghost" to="/m/register">
          {t('register')}
        </Link>
      </div>
    </section>
  );
}

function FriendsList({ summary }: { summary: ReferralSummary }) {
  const { t, i18n } = useTranslation('invite');
  const date = new Intl.DateTimeFormat(findLanguage(i18n.language)?.tag ?? 'en', { dateStyle: 'medium' });
  return (
    <div className="invite-card">
      <h2>{t('friends')}</h2>
      {summary.friends.length === 0 ? (
        <p className="invite-muted">{t('noFriends')}</p>
      ) : (
        <ul className="invite-friends">
          {summary.friends.map((f, i) => (
            <li key={`${f.name}-${f.registeredAt}-${i}`}>
              <span className="invite-friend-name" dir="ltr">
                {f.name}
              </span>
              <span className="invite-muted">{t('joined', { date: date.format(f.registeredAt) })}</span>
              <span className={`invite-status is-${f.status}`}>{t(`status.${f.status}`)}</span>
              {f.status === 'qualified' && (
                <span className="invite-reward" dir="ltr">
                  +{money(f.reward, summary.currency)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /m/inviteFriends (spec §2, §6): guests, or non-agents while the operator's REFERRAL promotion is
 * on. A member sees their link, its QR code and their code, what a friend must do, and the friends
 * who registered with it and where each stands.
 */
export default function InviteFriendsPage() {
  const { t } = useTranslation('invite');
  const session = useSession();
  const memberType = useMemberType();
  const status = useSiteStatus();
  const summary = useReferralSummary();
  if (!session) return <GuestInvite />;
  const agent = !NON_AGENT_TYPES.includes(memberType ?? session.type);
  const refused =
    agent ||
    status?.info.promotions.REFERRAL === false ||
    (summary.error instanceof ApiError && ['FORBIDDEN', 'FREE_REJECT'].includes(summary.error.code));
  if (refused)
    return (
      <section className="empty-state">
        <Icon name="invite" size={48} />
        <p>{t('notAvailable')}</p>
      </section>
    );
  if (summary.isPending) return <div className="page-loader" aria-hidden="true" />;
  if (summary.isError)
    return (
      <section className="empty-state" role="alert">
        <Icon name="refresh" size={40} />
        <p>{t('loadFailed')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void summary.refetch()}>
          {t('retry')}
        </button>
      </section>
    );
  const s = summary.data;
  const reward = money(s.rewardAmount, s.currency);
  const minDeposit = money(s.minDeposit, s.currency);
  const site = status?.info.siteName ?? '';

  return (
    <section className="invite-page">
      <header className="invite-hero">
        <h1>{t('headline', { reward })}</h1>
        <p>{t('intro', { reward, minDeposit })}</p>
      </header>

      <div className="invite-card invite-share">
        <ShareLink
          id="invite-link"
          qr={s.qr}
          link={s.link}
          code={s.code}
          texts={{
            qrAlt: t('qrAlt'),
            qrHint: t('qr'),
            link: t('link'),
            code: t('code'),
            copy: t('copy'),
            copied: t('copied'),
            copyFailed: t('copyFailed'),
            share: t('share'),
            shareTitle: t('title'),
            shareText: t('shareText', { site }),
          }}
        />
      </div>

      <dl className="invite-stats">
        <div>
          <dt>{t('stats.invited')}</dt>
          <dd>{s.invited}</dd>
        </div>
        <div>
          <dt>{t('stats.qualified')}</dt>
          <dd>{s.qualified}</dd>
        </div>
        <div>
          <dt>{t('stats.earned')}</dt>
          <dd dir="ltr">{formatMoney(Number(s.earned))}</dd>
        </div>
      </dl>

      <HowItWorks reward={reward} minDeposit={minDeposit} />
      <FriendsList summary={s} />
      <p className="invite-muted invite-terms">{t('turnover')}</p>
    </section>
  );
}
