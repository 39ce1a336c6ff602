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
  /** Only shown when this whitelabel flag is on. */
  flag?: string;
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
  { id: 'webEmail', paths: ['/m/webEmail'] },
  { id: 'notice', paths: ['/m/notice'] },
  { id: 'noticeDetail', paths: ['/m/noticeDetail'] },
  { id: 'activity', paths: ['/m/activity'], backHome: true },
  { id: 'activityDetail', paths: ['/m/activityDetail'] },
  { id: 'help', paths: ['/m/help'] },
  { id: 'helpDetail', paths: ['/m/helpDetail'] },
  { id: 'download', paths: ['/m/download'], backHome: true },
  { id: 'agentHome', paths: ['/m/agent/home'] },
  { id: 'gameCenter', paths: ['/m/gameCenter'] },
  { id: 'provider', paths: ['/m/provider'] },
  { id: 'liveGames', paths: ['/m/live-games'] },
  { id: 'slotGames', paths: ['/m/slot-games'] },
  { id: 'sportGames', paths: ['/m/sport-games'] },
  { id: 'fishingGames', paths: ['/m/fishing-games'] },
  { id: 'pokerGames', paths: ['/m/poker-games'] },
  { id: 'lott', paths: ['/m/lott'] },
  { id: 'elott', paths: ['/m/elott'] },
  { id: 'hotGames', paths: ['/m/hot-games'] },
  { id: 'searchGames', paths: ['/m/search-games'] },
  { id: 'inHouse', paths: ['/m/inHouse'] },
  { id: 'favGames', paths: ['/m/fav-games'] },
  { id: 'inPlay', paths: ['/m/in-play'] },
  { id: 'voucherCenter', paths: ['/m/voucherCenter'] },
  { id: 'withdraw', paths: ['/m/withdraw'] },
  { id: 'securityCenter', paths: ['/m/securityCenter'] },
  { id: 'responsibleGambling', paths: ['/m/responsibleGambling'] },
  { id: 'transactionRecord', paths: ['/m/transaction/record'] },
  { id: 'gameRecord', paths: ['/m/gameRecord'] },
  { id: 'manualRebate', paths: ['/m/member/manualRebate'] },
  { id: 'rewardCenter', paths: ['/m/rewardCenter'], flag: 'REWCEN3' },
  { id: 'feedback', paths: ['/m/feedback'] },
  { id: 'inviteFriends', paths: ['/m/inviteFriends'] },
  { id: 'benefits', paths: ['/m/member/benefits'] },
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
