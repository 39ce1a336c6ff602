/** What a launch is asked for: a game, or a vendor tile (no game of its own). */
export interface LaunchTarget {
  nodeId?: number | undefined;
  gameCode?: string | undefined;
  vassalage: string;
  gameType?: string | undefined;
  /** The game's own lottery mode ('trad' or 'ent') when it has one. */
  lottoMode?: string | null | undefined;
}

/** The operator's lottery prize modes (consolidated settings: Lott, ZY, Elott). */
export interface PrizeSettings {
  prizeMode: string;
  prizeModes: readonly string[];
}

export type PlayType = 'trad' | 'ent';

export type LaunchPlan =
  | { kind: 'vendor'; to: string; vassalage: string }
  | {
      kind: 'launch';
      query: {
        nodeId?: number;
        gameCode?: string;
        vassalage: string;
        playType?: PlayType;
        prizeMode?: string;
      };
    };

/** Vendors with their own launch rules (spec §2 launch special cases). */
export const VN_LOTTO_VENDOR = 'TCG_LOTTO_VN';
export const SEA_LOTTO_VENDOR = 'TCG_SEA';
export const SEA_PRIZE_MODE = 'SEA';

const MODE_PLAY_TYPE: Record<string, PlayType> = { LOTT: 'trad', ELOTT: 'ent' };
const TYPE_PLAY_TYPE: Record<string, PlayType> = { LOTT: 'trad', ELOTT: 'ent' };

/** Whether launching this target needs the operator's prize modes. */
export function needsPrizeSettings(target: LaunchTarget): boolean {
  return (
    target.vassalage === VN_LOTTO_VENDOR ||
    target.vassalage === SEA_LOTTO_VENDOR ||
    target.gameType === 'LOTT' ||
    target.gameType === 'ELOTT'
  );
}

/**
 * The play type of a lottery launch: the game's own mode or its type's (LOTT traditional, ELOTT
 * entertainment) when the operator offers it; otherwise the operator's chosen prize mode.
 */
export function lotteryPlayType(
  wanted: PlayType | undefined,
  settings: PrizeSettings | undefined,
): PlayType | undefined {
  if (!settings) return wanted;
  const offered = settings.prizeModes
    .map((mode) => MODE_PLAY_TYPE[mode.toUpperCase()])
    .filter((p): p is PlayType => p !== undefined);
  if (wanted && (offered.length === 0 || offered.includes(wanted))) return wanted;
  return MODE_PLAY_TYPE[settings.prizeMode.toUpperCase()] ?? offered[0] ?? wanted;
}

function ownPlayType(target: LaunchTarget): PlayType | undefined {
  if (target.lottoMode === 'trad' || target.lottoMode === 'ent') return target.lottoMode;
  return target.gameType ? TYPE_PLAY_TYPE[target.gameType] : undefined;
}

/**
 * How to open a target (spec §2): a vendor tile goes to the vendor's list (/m/provider?vassalage=);
 * TCG_SEA launches with prize mode SEA; TCG_LOTTO_VN by its game code as a traditional lottery;
 * LOTT and ELOTT games with the play type the operator's prize modes allow; anything else plainly.
 */
export function planLaunch(target: LaunchTarget, settings?: PrizeSettings): LaunchPlan {
  if (target.nodeId === undefined && !target.gameCode) {
    return {
      kind: 'vendor',
      vassalage: target.vassalage,
      to: `/m/provider?vassalage=${encodeURIComponent(target.vassalage)}`,
    };
  }
  const query: Extract<LaunchPlan, { kind: 'launch' }>['query'] = { vassalage: target.vassalage };
  if (target.nodeId !== undefined) query.nodeId = target.nodeId;
  if (target.vassalage === VN_LOTTO_VENDOR) {
    // The Vietnam lottery opens a draw by its code, always in the traditional play.
    if (target.gameCode) query.gameCode = target.gameCode;
    query.playType = 'trad';
  } else if (target.vassalage === SEA_LOTTO_VENDOR) {
    query.prizeMode = SEA_PRIZE_MODE;
    const playType = lotteryPlayType(ownPlayType(target), settings);
    if (playType) query.playType = playType;
  } else if (target.gameType === 'LOTT' || target.gameType === 'ELOTT') {
    const playType = lotteryPlayType(ownPlayType(target), settings);
    if (playType) query.playType = playType;
  }
  if (query.nodeId === undefined && target.gameCode) query.gameCode = target.gameCode;
  return { kind: 'launch', query };
}

/** How a launch address opens (see openTarget). */
export type OpenTarget = { kind: 'page'; url: string } | { kind: 'window'; url: string };

/**
 * Where a game opens: our own games (same origin) in this tab; another site's game (a vendor, the
 * demo provider) full screen in this tab on a phone, where it carries a return address to come back
 * by, and in a new window on a wide screen, where the lobby stays open beside it.
 */
export function openTarget(url: string, here: { origin: string; wide: boolean }): OpenTarget {
  const target = new URL(url, here.origin);
  if (target.origin === here.origin || !here.wide) return { kind: 'page', url: target.href };
  return { kind: 'window', url: target.href };
}

/** The lobby page to come back to after a game: this page when it is one of the site's, else home. */
export function returnPath(location: { pathname: string; search: string }): string {
  const path = `${location.pathname}${location.search}`;
  return /^\/m(\/|$)/.test(location.pathname) && path.length <= 500 && !/\s/.test(path) ? path : '/m/home';
}
