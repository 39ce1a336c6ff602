import type { BANNER_TYPES } from '@playhouse/contract/content';
import type { Db } from '../operators/operators.repository.ts';
import { BANNER_ART, POSTER_ART } from '../games/game-art.ts';
import { countContent, insertAnnouncement, insertBanner } from './content.repository.ts';
import { demoText } from './content-seed-text.ts';
import { plainPreview, sanitizeContent } from './sanitize.ts';

/*
 * Demo content for a new operator: carousel banners, per-category banners in each seeded language,
 * floating promos, login popups, ticker notices and promotions, with generated artwork. Everything
 * here reaches players as written, so it is written for players: no notes to the operator.
 */

const banner = (slug: string) => `/lgw/art/banners/${slug}.webp`;
const poster = (slug: string) => `/lgw/art/posters/${slug}.webp`;
const DAY = 24 * 3600_000;

const HOME_BANNERS = [
  ['welcome-to-playhouse', 'Welcome to Playhouse', 'ROUTE', '/m/activity'],
  ['new-games-every-week', 'New games every week', 'ROUTE', '/m/slot-games'],
  ['invite-your-friends', 'Invite your friends', 'ROUTE', '/m/inviteFriends'],
  ['play-playhouse-originals', 'Playhouse Originals', 'VENDOR', 'BGS'],
] as const;

const TYPE_BANNERS: Record<(typeof BANNER_TYPES)[number], string> = {
  rng: 'slots-spotlight',
  sports: 'match-day-specials',
  pvp: 'card-room-nights',
  live: 'live-tables-open-now',
  fish: 'reef-hunting-season',
  lott: 'daily-draw-results',
  elott: 'fast-draws-all-day',
  reg: 'join-in-one-minute',
};

/** Type of each notice of the demo text, in its order (content-seed-text.ts). */
const NOTICE_TYPES = ['PL', 'PL', 'A', 'A', 'H', 'H'] as const;
/** Poster of each login popup, in its order. */
const POPUP_POSTERS = ['welcome-aboard', 'set-your-limits'] as const;

/** Banner, categories and whether it runs without end, of each promotion, in the demo text's order. */
const PROMOTIONS = [
  ['first-deposit-welcome', [1], false],
  ['weekend-reload', [1, 2], false],
  ['daily-missions', [2], true],
  ['refer-a-friend', [3], true],
] as const;

/** Seeds the demo content once; does nothing when the operator already has any. */
export async function seedContent(db: Db, operatorId: number, languages: readonly string[], at: number) {
  if ((await countContent(db, operatorId)) > 0) return;
  let sequence = 0;
  for (const [slug, title, actionType, actionTarget] of HOME_BANNERS) {
    await insertBanner(db, {
      operator_id: operatorId,
      group_name: 'm_game',
      title,
      image_url: banner(slug),
      sequence: sequence++,
      width: BANNER_ART.width,
      height: BANNER_ART.height,
      action_type: actionType,
      action_target: actionTarget,
      start_at: at,
      end_at: null,
      enabled: 1,
      updated_at: at,
    });
  }
  for (const language of languages) {
    for (const [type, slug] of Object.entries(TYPE_BANNERS)) {
      await insertBanner(db, {
        operator_id: operatorId,
        group_name: `m_${type}_${language}`,
        title: slug.replace(/-/g, ' '),
        image_url: banner(slug),
        sequence: 0,
        width: BANNER_ART.width,
        height: BANNER_ART.height,
        action_type: type === 'reg' ? 'ROUTE' : 'NONE',
        action_target: type === 'reg' ? '/m/register' : '',
        start_at: at,
        end_at: null,
        enabled: 1,
        updated_at: at,
      });
    }
  }
  for (const [group, slug, target] of [
    ['m_popup', 'spin-of-the-day', '/m/inHouse'],
    ['m_popup2', 'get-the-app', '/m/download'],
  ] as const) {
    await insertBanner(db, {
      operator_id: operatorId,
      group_name: group,
      title: slug.replace(/-/g, ' '),
      image_url: poster(slug),
      sequence: 0,
      width: 160,
      height: 213,
      action_type: 'ROUTE',
      action_target: target,
      start_at: at,
      end_at: null,
      enabled: 1,
      updated_at: at,
    });
  }

  const announcement = (
    type: string,
    title: string,
    html: string,
    language: string,
    extra: {
      image?: string;
      width?: number;
      height?: number;
      sequence?: number;
      categories?: readonly number[];
      endAt?: number | null;
      startAt?: number;
    } = {},
  ) => {
    const content = sanitizeContent(html);
    return insertAnnouncement(db, {
      operator_id: operatorId,
      type,
      title,
      content,
      preview: plainPreview(content),
      language,
      start_at: extra.startAt ?? at,
      end_at: extra.endAt ?? null,
      image_url: extra.image ?? null,
      width: extra.width ?? 0,
      height: extra.height ?? 0,
      sequence: extra.sequence ?? 0,
      category_ids: JSON.stringify(extra.categories ?? []),
      enabled: 1,
      updated_at: at,
    });
  };

  // Notices, popups and promotions in each of the operator's languages (each player reads their own).
  for (const language of languages) {
    const text = demoText(language);
    // Older first so the newest notice leads the list.
    for (const [i, [title, html]] of text.notices.entries())
      await announcement(NOTICE_TYPES[i]!, title, html, language, {
        startAt: at - (text.notices.length - i) * 60_000,
      });
    for (const [i, [title, html]] of text.popups.entries()) {
      await announcement('PU', title, html, language, {
        image: poster(POPUP_POSTERS[i]!),
        width: POSTER_ART.width,
        height: POSTER_ART.height,
        sequence: i,
      });
    }
    for (const [i, [slug, categories, noExpiry]] of PROMOTIONS.entries()) {
      const title = text.promotions[i]!;
      await announcement(
        'PR',
        title,
        `<p><img src="${banner(slug)}" alt=""></p><p>${title}. ${text.terms}</p>`,
        language,
        { image: banner(slug), categories, endAt: noExpiry ? null : at + 30 * DAY },
      );
    }
  }
}
