import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { findLanguage } from '@playhouse/contract/languages';
import { CATEGORY_ROUTES, useGameCategories } from '../lib/categories.ts';
import { updateGameFilter } from '../lib/game-filter.ts';
import { detectPlatform } from '../lib/platform.ts';
import { useScrollLock } from '../lib/scroll-lock.ts';
import { badgeText } from '../lib/timing.ts';
import { useChatUnread, useMemberType, useSession } from '../session/session.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { flagEmoji, Icon, type IconName } from './Icon.tsx';
import { LanguageList } from './LanguageList.tsx';
import { launchChat } from './launch-chat.ts';
import { referralOffered, useRouteOffered } from './route-flags.ts';
import { useShell } from './shell-state.tsx';

interface Tile {
  key: string;
  label: string;
  icon: IconName;
  run: () => void;
}

/** The side menu (spec §2): tiles, Games, Others, social links, languages, sign out. */
export default function SideMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const memberType = useMemberType();
  const status = useSiteStatus();
  const categories = useGameCategories();
  const { languageOpen, open, close } = useShell();
  const [languagesExpanded, setLanguagesExpanded] = useState<boolean | null>(null);
  const platform = useMemo(() => detectPlatform(), []);
  const offered = useRouteOffered();
  useScrollLock(true);
  const info = status?.info;
  const go = (path: string) => {
    close();
    navigate(path);
  };
  const slotsOf = (vendor: string) => () => {
    updateGameFilter({ vassalage: vendor, gameType: 'RNG', category: 'ALL' });
    go(`/m/provider?vassalage=${vendor}`);
  };
  const tiles: Tile[] = [
    { key: 'jili', label: t('menu.tiles.jili'), icon: 'star', run: slotsOf('JILI') },
    { key: 'fc', label: t('menu.tiles.fc'), icon: 'star', run: slotsOf('FC') },
    { key: 'pg', label: t('menu.tiles.pg'), icon: 'star', run: slotsOf('PGE') },
    {
      key: 'bingo',
      label: t('menu.tiles.bingo'),
      icon: 'coins',
      run: () => go('/m/bingo'),
    },
  ];
  if (offered('/m/rewardCenter')) {
    tiles.push({
      key: 'reward',
      label: t('titles.rewardCenter'),
      icon: 'gift',
      run: () => go('/m/rewardCenter'),
    });
  }
  if (referralOffered(memberType, info) && offered('/m/inviteFriends')) {
    tiles.push({ key: 'invite', label: t('menu.invite'), icon: 'invite', run: () => go('/m/inviteFriends') });
  }
  if (!platform.nativeApp && !platform.standalone && offered('/m/download')) {
    tiles.push({
      key: 'download',
      label: t('menu.appDownload'),
      icon: 'download',
      run: () => go('/m/download'),
    });
  }
  const liveChat = info?.whitelabel.LIVECHAT3
    ? info.customerService.find((c) => c.csType === 'LIVECHAT')
    : undefined;
  const chatUnread = useChatUnread(Boolean(liveChat));
  const socials = (info?.resources ?? []).filter(
    (r) => r.resourceType === 'TELEGRAM' || r.resourceType === 'FACEBOOK',
  );
  const current = findLanguage(i18n.language);
  const expanded = languagesExpanded ?? languageOpen;
  return (
    <div className="backdrop" onClick={close}>
      <aside className="side-menu" aria-label={t('menu.title')} onClick={(e) => e.stopPropagation()}>
        <div className="side-head">
          {session ? (
            <Link to="/m/member/home" className="side-user" onClick={close}>
              <span className="avatar">
                <Icon name="user" size={20} />
              </span>
              <span>{session.userName}</span>
            </Link>
          ) : (
            <div className="side-auth">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => go('/m/login')}>
                {t('header.login')}
              </button>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => go('/m/register')}>
                {t('header.register')}
              </button>
            </div>
          )}
          <button type="button" className="icon-btn" aria-label={t('actions.close')} onClick={close}>
            <Icon name="close" />
          </button>
        </div>

        <div className="tiles">
          {tiles.map((tile) => (
            <button key={tile.key} type="button" className="tile" onClick={tile.run}>
              <Icon name={tile.icon} />
              <span>{tile.label}</span>
            </button>
          ))}
        </div>

        <h2 className="side-section">{t('menu.games')}</h2>
        <ul className="side-list">
          {categories.map((type) => (
            <li key={type}>
              <button
                type="button"
                onClick={() => {
                  updateGameFilter({ gameType: type, vassalage: '', category: 'ALL' });
                  go(CATEGORY_ROUTES[type] ?? '/m/home');
                }}
              >
                <span>{t(`categories.${type}`)}</span>
                <Icon name="chevron" size={16} className="flip-rtl" />
              </button>
            </li>
          ))}
        </ul>

        <h2 className="side-section">{t('menu.others')}</h2>
        <ul className="side-list">
          <li>
            <button type="button" onClick={() => go('/m/activity')}>
              <span>{t('menu.promotions')}</span>
              <Icon name="chevron" size={16} className="flip-rtl" />
            </button>
          </li>
          {liveChat && (
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  void launchChat(liveChat, navigate);
                }}
              >
                <span>{t('menu.liveChat')}</span>
                {chatUnread > 0 && (
                  <span className="badge side-badge" data-testid="chat-unread-menu">
                    {badgeText(chatUnread)}
                  </span>
                )}
                <Icon name="headset" size={18} />
              </button>
            </li>
          )}
        </ul>

        {socials.length > 0 && (
          <div className="socials">
            {socials.map((s) => (
              <a
                key={s.resourceType}
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                className="social"
              >
                <Icon name={s.resourceType === 'TELEGRAM' ? 'telegram' : 'facebook'} />
                <span>{s.resourceType === 'TELEGRAM' ? t('social.telegram') : t('social.facebook')}</span>
              </a>
            ))}
          </div>
        )}

        <div className="accordion">
          <button
            type="button"
            className="accordion-head"
            aria-expanded={expanded}
            onClick={() => setLanguagesExpanded(!expanded)}
          >
            <Icon name="globe" size={20} />
            <span>{t('menu.language')}</span>
            <span className="accordion-current">
              {current && flagEmoji(current.flag)} {current?.name}
            </span>
          </button>
          {expanded && <LanguageList onChosen={close} />}
        </div>

        {session && (
          <button
            type="button"
            className="btn btn-ghost btn-block side-logout"
            onClick={() => open('logout')}
          >
            <Icon name="logout" size={20} />
            {t('menu.logout')}
          </button>
        )}
      </aside>
    </div>
  );
}
