import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeText } from '../../lib/timing.ts';
import { useMemberType, useSession, useUnreadCount } from '../../session/session.ts';
import { useBalance } from '../../shell/balance.ts';
import { Icon, type IconName } from '../../shell/Icon.tsx';
import { LegalFooter } from '../../shell/LegalFooter.tsx';
import { useRouteOffered } from '../../shell/route-flags.ts';
import { useShell } from '../../shell/shell-state.tsx';
import { useSiteStatus } from '../../status/site-status.ts';
import { useProfile } from './api.ts';
import { Avatar } from './Avatar.tsx';
import { RewardBubble } from './RewardBubble.tsx';
import './member.css';

/** Spec §6: member types 0, 4 and 40 are not agents; every other type is. */
const NON_AGENT_TYPES = [0, 4, 40];

interface MenuItem {
  key: string;
  to: string;
  icon: IconName;
  show: boolean;
  extra?: ReactNode;
}

function MenuList({ title, items }: { title: string; items: MenuItem[] }) {
  const { t } = useTranslation('member');
  const offered = useRouteOffered();
  const visible = items.filter((i) => i.show && offered(i.to));
  if (!visible.length) return null;
  return (
    <section className="mc-card">
      <h2 className="mc-card-title">{title}</h2>
      <ul className="mc-list">
        {visible.map((item) => (
          <li key={item.key}>
            <Link to={item.to}>
              <Icon name={item.icon} size={20} />
              <span>{t(`mine.menu.${item.key}`)}</span>
              {item.extra}
              <Icon name="chevron" size={16} className="flip-rtl mc-chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function GuestWelcome() {
  const { t } = useTranslation('member');
  const status = useSiteStatus();
  return (
    <section className="mc-hero mc-guest">
      <Avatar id={undefined} size={64} />
      <h2>{t('mine.welcome', { site: status?.info.siteName ?? 'Playhouse' })}</h2>
      <p>{t('mine.welcomeText')}</p>
      <div className="mc-guest-actions">
        <Link className="btn btn-ghost" to="/m/login">
          {t('mine.login')}
        </Link>
        <Link className="btn btn-primary" to="/m/register">
          {t('mine.fastRegister')}
        </Link>
      </div>
    </section>
  );
}

function MemberHeader() {
  const { t } = useTranslation('member');
  const session = useSession();
  const profile = useProfile();
  const balance = useBalance();
  const unread = useUnreadCount();
  const status = useSiteStatus();
  const p = profile.data;
  const name = p?.nickname || p?.account || session?.userName || '';
  const unreadCount = unread.data?.inbox ?? 0;
  const vip = status?.info.vip.enabled ? p?.clubLabel?.labelName : undefined;
  const offered = useRouteOffered();
  return (
    <section className="mc-hero">
      <div className="mc-hero-top">
        <Link to="/m/myAccount/index" className="mc-hero-avatar" aria-label={t('mine.menu.myAccount')}>
          <Avatar id={p?.headIcon} size={60} />
        </Link>
        <div className="mc-hero-name">
          <strong dir="auto">{name}</strong>
          {vip && <span className="vip-label">{vip}</span>}
          {p && (
            <span className="mc-muted" dir="auto">
              {p.account}
            </span>
          )}
        </div>
        {offered('/m/webEmail') && (
          <Link to="/m/webEmail" className="icon-btn" aria-label={t('mine.messages')}>
            <Icon name="mail" />
            {unreadCount > 0 && <span className="badge">{badgeText(unreadCount)}</span>}
          </Link>
        )}
        <Link to="/m/set" className="icon-btn" aria-label={t('mine.settings')}>
          <Icon name="tools" />
        </Link>
      </div>
      <div className="mc-balance">
        <div>
          <span className="mc-muted">{t('mine.balance')}</span>
          <button
            type="button"
            className="mc-balance-value"
            onClick={balance.toggle}
            aria-label={t('mine.toggleBalance')}
          >
            <span dir="ltr">{balance.text}</span>
          </button>
        </div>
        <button
          type="button"
          className="icon-btn"
          onClick={() => void balance.refresh()}
          aria-label={t('mine.refreshBalance')}
          disabled={balance.refreshing}
        >
          <Icon name="refresh" />
        </button>
      </div>
    </section>
  );
}

/** /m/mine and /m/member/home: the member centre, or a welcome for guests. */
export default function MinePage() {
  const { t } = useTranslation('member');
  const session = useSession();
  const status = useSiteStatus();
  const { open } = useShell();
  const wl = status?.info.whitelabel;
  const flag = (name: keyof NonNullable<typeof wl>) => Boolean(wl?.[name]);
  const memberType = useMemberType();
  const isAgent = memberType !== undefined && !NON_AGENT_TYPES.includes(memberType);
  const member = Boolean(session);

  const wallet: MenuItem[] = [
    { key: 'deposit', to: '/m/voucherCenter', icon: 'wallet', show: member && flag('DEPOSIT3') },
    { key: 'withdraw', to: '/m/withdraw', icon: 'withdraw', show: member && flag('WITHDRAW3') },
    {
      key: 'transactionRecord',
      to: '/m/transaction/record',
      icon: 'clock',
      show: member && flag('RECORDS3'),
    },
    { key: 'gameRecord', to: '/m/gameRecord', icon: 'star', show: member && flag('RECORDS3') },
    { key: 'manualRebate', to: '/m/member/manualRebate', icon: 'coins', show: member && flag('MANREBATE3') },
  ];
  const account: MenuItem[] = [
    { key: 'myAccount', to: '/m/myAccount/index', icon: 'user', show: member },
    { key: 'securityCenter', to: '/m/securityCenter', icon: 'shield', show: member && flag('SECURITY3') },
    // Responsible gambling is never behind a flag (architecture: deliberate changes).
    { key: 'responsibleGambling', to: '/m/responsibleGambling', icon: 'clock', show: member },
    {
      key: 'rewardCenter',
      to: '/m/rewardCenter',
      icon: 'gift',
      show: flag('REWCEN3'),
      extra: <RewardBubble />,
    },
    { key: 'inbox', to: '/m/webEmail', icon: 'mail', show: member && flag('MAILCEN3') },
    {
      key: 'benefits',
      to: '/m/member/benefits',
      icon: 'star',
      show: flag('VIP3') && (!member || Boolean(status?.info.vip.benefit)),
    },
    {
      key: 'inviteFriends',
      to: '/m/inviteFriends',
      icon: 'invite',
      show: flag('REFERRAL3') && (!member || (!isAgent && Boolean(status?.info.promotions.REFERRAL))),
    },
    { key: 'agentHome', to: '/m/agent/home', icon: 'share', show: isAgent },
  ];
  const more: MenuItem[] = [
    { key: 'notice', to: '/m/notice', icon: 'feedback', show: true },
    { key: 'help', to: '/m/help', icon: 'headset', show: true },
    { key: 'feedback', to: '/m/feedback', icon: 'feedback', show: flag('FEEDBACK3') },
    { key: 'download', to: '/m/download', icon: 'download', show: flag('APPDOWNLOAD3') },
    { key: 'settings', to: '/m/set', icon: 'tools', show: true },
  ];

  return (
    <div className="mc-page">
      {session ? <MemberHeader /> : <GuestWelcome />}
      <MenuList title={t('mine.wallet')} items={wallet} />
      <MenuList title={t('mine.account')} items={account} />
      <MenuList title={t('mine.more')} items={more} />
      {session && (
        <button type="button" className="btn btn-ghost btn-block mc-logout" onClick={() => open('logout')}>
          <Icon name="logout" size={20} />
          {t('mine.logout')}
        </button>
      )}
      <LegalFooter />
    </div>
  );
}
