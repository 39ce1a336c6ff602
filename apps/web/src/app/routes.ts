import type { WhitelabelFlag } from '@playhouse/contract/settings';
import { HOME_PATH } from '@playhouse/contract/site-page';

/**
 * Every route of the player site (spec §2): its paths, the catalogue key of its header title, and
 * where the header's back button leads. Pages are loaded lazily, each in its own chunk.
 */
export interface RouteDef {
  /** Route id, also the catalogue key `titles.{id}`. */
  id: string;
  paths: string[];
  /** The header back button goes home from these instead of one step back. */
  backHome?: boolean;
  /**
   * No screen yet: it shows the honest "coming soon" page. The router shows that page for exactly
   * these routes (router.test.ts), and the site crawl accepts "coming soon" nowhere else.
   */
  pending?: true;
  /**
   * Only offered when this whitelabel flag is on: every menu, bar and shortcut leaves the screen out
   * when it is off (shell/route-flags.ts), and the address itself says the site does not offer it.
   */
  flag?: WhitelabelFlag;
}

export { HOME_ALIASES, HOME_PATH } from '@playhouse/contract/site-page';

export const ROUTES: RouteDef[] = [
  { id: 'home', paths: [HOME_PATH] },
  { id: 'login', paths: ['/m/login'], backHome: true },
  { id: 'register', paths: ['/m/register', '/m/register.html'], backHome: true },
  { id: 'forget', paths: ['/m/forget'], backHome: true },
  { id: 'changePsw', paths: ['/m/changePsw'] },
  { id: 'mine', paths: ['/m/mine', '/m/member/home'] },
  { id: 'myAccount', paths: ['/m/myAccount/index'] },
  { id: 'set', paths: ['/m/set'] },
  { id: 'webEmail', paths: ['/m/webEmail'], flag: 'MAILCEN3' },
  { id: 'notice', paths: ['/m/notice'] },
  { id: 'jackpot', paths: ['/m/jackpot'] },
  { id: 'noticeDetail', paths: ['/m/noticeDetail'] },
  { id: 'activity', paths: ['/m/activity'], backHome: true },
  { id: 'activityDetail', paths: ['/m/activityDetail'] },
  { id: 'help', paths: ['/m/help'] },
  { id: 'helpDetail', paths: ['/m/helpDetail'] },
  { id: 'legal', paths: ['/m/legal'] },
  { id: 'download', paths: ['/m/download'], backHome: true, flag: 'APPDOWNLOAD3' },
  { id: 'agentHome', paths: ['/m/agent/home'] },
  { id: 'gameCenter', paths: ['/m/gameCenter'] },
  { id: 'provider', paths: ['/m/provider'] },
  { id: 'liveGames', paths: ['/m/live-games'] },
  { id: 'slotGames', paths: ['/m/slot-games'] },
  { id: 'sportGames', paths: ['/m/sport-games'] },
  { id: 'esportsGames', paths: ['/m/esports-games'] },
  { id: 'cockfightGames', paths: ['/m/cockfight-games'] },
  { id: 'fishingGames', paths: ['/m/fishing-games'] },
  { id: 'pokerGames', paths: ['/m/poker-games'] },
  { id: 'lott', paths: ['/m/lott'] },
  { id: 'elott', paths: ['/m/elott'] },
  { id: 'bingo', paths: ['/m/bingo'] },
  { id: 'hotGames', paths: ['/m/hot-games'] },
  { id: 'searchGames', paths: ['/m/search-games'] },
  { id: 'inHouse', paths: ['/m/inHouse'] },
  { id: 'favGames', paths: ['/m/fav-games'] },
  { id: 'recentGames', paths: ['/m/recent-games'] },
  { id: 'inPlay', paths: ['/m/in-play'] },
  { id: 'voucherCenter', paths: ['/m/voucherCenter'], flag: 'DEPOSIT3' },
  { id: 'withdraw', paths: ['/m/withdraw'], flag: 'WITHDRAW3' },
  { id: 'securityCenter', paths: ['/m/securityCenter'], flag: 'SECURITY3' },
  { id: 'responsibleGambling', paths: ['/m/responsibleGambling'] },
  { id: 'transactionRecord', paths: ['/m/transaction/record'], flag: 'RECORDS3' },
  { id: 'gameRecord', paths: ['/m/gameRecord'], flag: 'RECORDS3' },
  { id: 'fairness', paths: ['/m/fairness'] },
  { id: 'manualRebate', paths: ['/m/member/manualRebate'], flag: 'MANREBATE3' },
  { id: 'rewardCenter', paths: ['/m/rewardCenter'], flag: 'REWCEN3' },
  { id: 'feedback', paths: ['/m/feedback'], flag: 'FEEDBACK3' },
  { id: 'chat', paths: ['/m/chat'], flag: 'LIVECHAT3' },
  { id: 'inviteFriends', paths: ['/m/inviteFriends'], flag: 'REFERRAL3' },
  { id: 'benefits', paths: ['/m/member/benefits'], flag: 'VIP3' },
  { id: 'salaryContract', paths: ['/m/member/agent/getSalaryContract'] },
  { id: 'dividendContract', paths: ['/m/member/agent/getDevidendContract'] },
  { id: 'hourContract', paths: ['/m/member/agent/getHourContract'] },
];

const byPath = new Map(ROUTES.flatMap((r) => r.paths.map((p) => [p.toLowerCase(), r] as const)));

export function routeFor(pathname: string): RouteDef | undefined {
  return byPath.get(pathname.replace(/\/+$/, '').toLowerCase() || '/');
}

/** Where the header's back button leads from a path: home for the spec's list, else one step back. */
export function backTarget(pathname: string): 'home' | 'history' {
  return routeFor(pathname)?.backHome ? 'home' : 'history';
}
