import type { WhitelabelFlag } from '@playhouse/contract/settings';
import type { SystemStatus } from '@playhouse/contract/system';
import { routeFor } from '../app/routes.ts';
import { useSiteStatus } from '../status/site-status.ts';

type SiteInfo = Pick<SystemStatus['info'], 'whitelabel'>;

/** The customer-service entries the site offers: live chat only with its flag (LIVECHAT3) on. */
export function serviceEntries(info: SystemStatus['info'] | undefined) {
  return (info?.customerService ?? []).filter((c) => c.csType !== 'LIVECHAT' || info?.whitelabel.LIVECHAT3);
}

/**
 * Whether the site offers the screen at `path` (query ignored): not when the route table ties it to
 * a whitelabel flag the operator has switched off. Paths outside the table are not judged here.
 * Before the site status is known everything counts as offered, as the server decides again.
 */
export function routeOffered(path: string, info: SiteInfo | undefined): boolean {
  const flag = routeFor(path.split(/[?#]/)[0] ?? path)?.flag;
  return !flag || !info || Boolean(info.whitelabel[flag as WhitelabelFlag]);
}

/** Member types that are not agents (spec §6); the contract's list, kept here out of the schemas' chunk. */
const NON_AGENT_TYPES = [0, 4, 40];

/**
 * Whether menus offer invite friends (spec §6 "Referral entry"): to guests, and to non-agents while
 * the operator's REFERRAL promotion is on.
 */
export function referralOffered(
  memberType: number | undefined,
  info: Pick<SystemStatus['info'], 'promotions'> | undefined,
): boolean {
  if (memberType === undefined) return true;
  return NON_AGENT_TYPES.includes(memberType) && Boolean(info?.promotions.REFERRAL);
}

/** routeOffered for the current site status: what every menu, bar and shortcut asks. */
export function useRouteOffered(): (path: string) => boolean {
  const info = useSiteStatus()?.info;
  return (path) => routeOffered(path, info);
}
