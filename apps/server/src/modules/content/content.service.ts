import type { z } from 'zod';
import {
  BANNER_BASE_GROUPS,
  type Announcement,
  type AnnouncementList,
  type Banner,
  type BoAnnouncementInputSchema,
  type BoBannerInputSchema,
  type ContentType,
  type Popup,
  type Promotion,
} from '@playhouse/contract/content';
import { AppError } from '../../lib/app-error.ts';
import { boundedMemo, type BoundedMemo } from '../../lib/bounded-memo.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { ChangeBus } from '../operators/settings.service.ts';
import * as repo from './content.repository.ts';
import type { AnnouncementRow, BannerRow } from './content.repository.ts';
import { plainPreview, sanitizeContent } from './sanitize.ts';

type BannerInput = z.output<typeof BoBannerInputSchema>;
type AnnouncementInput = z.output<typeof BoAnnouncementInputSchema>;

const CONTENT_TTL_MS = 30_000;
/** Trial members (type 4) never mark announcements read; for them every notice counts as read. */
const TRIAL_TYPE = 4;
/** Guests and trial members keep no reads: every notice counts as read for them. */
const readsNothing = (
  reader: Reader | undefined,
): reader is undefined | (Reader & { type: typeof TRIAL_TYPE }) => !reader || reader.type === TRIAL_TYPE;
/** Guests' lists kept per snapshot (queries are validated, but their combinations are many). */
const SHARED_LISTS_PER_SNAPSHOT = 64;

export interface Reader {
  id: number;
  type: number;
}
interface Actor {
  type: string;
  id: string;
  ip: string;
}

interface ContentSnapshot {
  banners: BannerRow[];
  announcements: AnnouncementRow[];
  loadedAt: number;
}

const live = (row: { enabled: number; start_at: number; end_at: number | null }, at: number) =>
  Boolean(row.enabled) && Number(row.start_at) <= at && (row.end_at === null || Number(row.end_at) > at);

/** The first moment after `at` at which an item of the snapshot starts or ends (Infinity if none). */
function nextChange(snap: ContentSnapshot, at: number): number {
  let next = Infinity;
  for (const row of [...snap.banners, ...snap.announcements]) {
    for (const edge of [row.start_at, row.end_at]) {
      if (edge !== null && Number(edge) > at) next = Math.min(next, Number(edge));
    }
  }
  return next;
}

/** A list as guests see it, and until when it holds. */
interface SharedList {
  list: AnnouncementList;
  until: number;
}

function toBanner(r: BannerRow): Banner {
  return {
    id: Number(r.id),
    url: r.image_url,
    groupName: r.group_name,
    title: r.title,
    sequence: Number(r.sequence),
    width: Number(r.width),
    height: Number(r.height),
    actionType: r.action_type as Banner['actionType'],
    actionTarget: r.action_target,
  };
}

function toAnnouncement(r: AnnouncementRow, read: boolean): Announcement {
  return {
    id: Number(r.id),
    type: r.type as ContentType,
    title: r.title,
    content: r.content,
    preview: r.preview,
    startDate: Number(r.start_at),
    endDate: r.end_at === null ? null : Number(r.end_at),
    read,
  };
}

function toPopup(r: AnnouncementRow, read: boolean): Popup {
  return {
    ...toAnnouncement(r, read),
    imageUrl: r.image_url,
    width: Number(r.width),
    height: Number(r.height),
    sequence: Number(r.sequence),
  };
}

function toPromotion(r: AnnouncementRow): Promotion {
  return {
    id: Number(r.id),
    title: r.title,
    content: r.content,
    preview: r.preview,
    startDate: Number(r.start_at),
    endDate: r.end_at === null ? null : Number(r.end_at),
    noExpiry: r.end_at === null ? 1 : 0,
    announcementImages: r.image_url ? [{ sequence: 1, url: r.image_url }] : [],
    promoAnnouncementCategoryIds: JSON.parse(r.category_ids) as number[],
  };
}

/**
 * Which banner groups a request sees. `m_game`, `m_popup`, `m_popup2` as they are; a type group
 * is per language (`m_rng_EN`), and asking for `m_rng` means the request language's one.
 */
export function bannerGroupMatcher(
  groupName: string | undefined,
  language: string,
): (group: string) => boolean {
  if (!groupName) {
    return (g) => (BANNER_BASE_GROUPS as readonly string[]).includes(g) || g.endsWith(`_${language}`);
  }
  if (
    (BANNER_BASE_GROUPS as readonly string[]).includes(groupName) ||
    /_[A-Za-z-]{2,5}$/.test(groupName.slice(2))
  ) {
    const wanted = groupName.toLowerCase();
    return (g) => g.toLowerCase() === wanted;
  }
  return (g) => g === `${groupName}_${language}`;
}

function bannerRow(input: BannerInput, operatorId: number, at: number) {
  return {
    operator_id: operatorId,
    group_name: input.groupName,
    title: input.title,
    image_url: input.url,
    sequence: input.sequence,
    width: input.width,
    height: input.height,
    action_type: input.actionType,
    action_target: input.actionTarget,
    start_at: input.startDate ?? at,
    end_at: input.endDate ?? null,
    enabled: input.enabled ? 1 : 0,
    updated_at: at,
  };
}

function announcementRow(input: AnnouncementInput, operatorId: number, at: number) {
  const content = sanitizeContent(input.content);
  return {
    operator_id: operatorId,
    type: input.type,
    title: input.title,
    content,
    preview: plainPreview(content),
    language: input.language || null,
    start_at: input.startDate ?? at,
    end_at: input.endDate ?? null,
    image_url: input.imageUrl,
    width: input.width,
    height: input.height,
    sequence: input.sequence,
    category_ids: JSON.stringify(input.categoryIds),
    enabled: input.enabled ? 1 : 0,
    updated_at: at,
  };
}

const boBanner = (r: BannerRow) => ({
  ...toBanner(r),
  startDate: Number(r.start_at),
  endDate: r.end_at === null ? null : Number(r.end_at),
  enabled: Boolean(r.enabled),
});

const boAnnouncement = (r: AnnouncementRow) => ({
  id: Number(r.id),
  type: r.type as ContentType,
  title: r.title,
  content: r.content,
  language: r.language,
  startDate: Number(r.start_at),
  endDate: r.end_at === null ? null : Number(r.end_at),
  imageUrl: r.image_url,
  width: Number(r.width),
  height: Number(r.height),
  sequence: Number(r.sequence),
  categoryIds: JSON.parse(r.category_ids) as number[],
  enabled: Boolean(r.enabled),
});

/**
 * Banners, announcements, popups and promotions. The operator's content is held in memory and
 * dropped on every change (here and, through the bus, on other instances); read flags are a
 * per-member indexed query.
 */
export function createContentService(db: Db, audit: AuditService, bus: ChangeBus) {
  const cache = new Map<number, ContentSnapshot>();
  const sharedLists = new WeakMap<ContentSnapshot, BoundedMemo<string, SharedList>>();
  const generation = new Map<number, number>();
  bus.subscribe((operatorId) => drop(operatorId));

  function drop(operatorId: number) {
    cache.delete(operatorId);
    generation.set(operatorId, (generation.get(operatorId) ?? 0) + 1);
  }

  async function snapshot(operatorId: number): Promise<ContentSnapshot> {
    const hit = cache.get(operatorId);
    if (hit && now() - hit.loadedAt < CONTENT_TTL_MS) return hit;
    const gen = generation.get(operatorId) ?? 0;
    const [banners, announcements] = await Promise.all([
      repo.listBanners(db, operatorId),
      repo.listAnnouncements(db, operatorId),
    ]);
    const fresh = { banners, announcements, loadedAt: now() };
    if ((generation.get(operatorId) ?? 0) === gen) cache.set(operatorId, fresh);
    return fresh;
  }

  async function boBanners(operatorId: number) {
    return (await repo.listBanners(db, operatorId)).map(boBanner);
  }

  async function boAnnouncements(operatorId: number) {
    return (await repo.listAnnouncements(db, operatorId)).map(boAnnouncement);
  }

  function changed(operatorId: number) {
    drop(operatorId);
    bus.publish(operatorId);
  }

  async function readSet(reader: Reader | undefined): Promise<Set<number> | 'all'> {
    if (readsNothing(reader)) return 'all';
    return repo.readAnnouncementIds(db, reader.id);
  }

  const forLanguage = (r: AnnouncementRow, language: string) =>
    r.language === null || r.language === language;

  /** The notices (types PL and A) shown now in `language`, newest first. */
  async function liveNotices(operatorId: number, language: string) {
    const snap = await snapshot(operatorId);
    const at = now();
    return snap.announcements.filter(
      (r) => (r.type === 'PL' || r.type === 'A') && live(r, at) && forLanguage(r, language),
    );
  }

  return {
    /** The lobby's content by type (spec §7 MCSFE_getListAnnouncements). */
    async list(
      operatorId: number,
      opts: { types?: string | undefined; groupName?: string | undefined; language: string },
      reader: Reader | undefined,
    ): Promise<AnnouncementList> {
      const snap = await snapshot(operatorId);
      const at = now();
      const types = new Set(
        (opts.types ?? 'B,PL,PU,PR,H,A').split(',').map((t) => (t === 'PROMOTION' ? 'PR' : t)),
      );
      // Everyone who reads nothing (guests, trial members) sees the same list: one object per
      // snapshot and query until an item starts or ends, so home's page is not re-serialised per visit.
      const shared = readsNothing(reader);
      const memoKey = `${[...types].sort().join(',')}|${opts.groupName ?? ''}|${opts.language}`;
      if (shared) {
        const hit = sharedLists.get(snap)?.get(memoKey);
        if (hit && at < hit.until) return hit.list;
      }
      const inGroup = bannerGroupMatcher(opts.groupName, opts.language);
      const visible = snap.announcements.filter((r) => live(r, at) && forLanguage(r, opts.language));
      const reads = visible.some((r) => types.has(r.type)) ? await readSet(reader) : 'all';
      const isRead = (id: number) => reads === 'all' || reads.has(id);
      const ofType = (type: string) => (types.has(type) ? visible.filter((r) => r.type === type) : []);
      const list: AnnouncementList = {
        banners: types.has('B')
          ? snap.banners
              .filter((b) => live(b, at) && inGroup(b.group_name))
              .sort((a, b) => Number(a.sequence) - Number(b.sequence) || Number(a.id) - Number(b.id))
              .map(toBanner)
          : [],
        player: ofType('PL').map((r) => toAnnouncement(r, isRead(Number(r.id)))),
        popup: ofType('PU')
          .sort((a, b) => Number(a.sequence) - Number(b.sequence))
          .map((r) => toPopup(r, isRead(Number(r.id)))),
        promotion: ofType('PR').map(toPromotion),
        hot: ofType('H').map((r) => toAnnouncement(r, isRead(Number(r.id)))),
        announcement: ofType('A').map((r) => toAnnouncement(r, isRead(Number(r.id)))),
      };
      if (shared) {
        let lists = sharedLists.get(snap);
        if (!lists) {
          lists = boundedMemo<string, SharedList>(SHARED_LISTS_PER_SNAPSHOT);
          sharedLists.set(snap, lists);
        }
        lists.set(memoKey, { list, until: nextChange(snap, at) });
      }
      return list;
    },

    /** Notices for the ticker and the notice page (types PL and A), newest first. */
    async lobbyNews(
      operatorId: number,
      opts: { pageNo: number; pageSize: number; language: string },
      reader: Reader | undefined,
    ) {
      const notices = await liveNotices(operatorId, opts.language);
      const reads = await readSet(reader);
      const isRead = (id: number) => reads === 'all' || reads.has(id);
      const start = (opts.pageNo - 1) * opts.pageSize;
      return {
        list: notices.slice(start, start + opts.pageSize).map((r) => toAnnouncement(r, isRead(Number(r.id)))),
        pageNum: opts.pageNo,
        totalPages: Math.ceil(notices.length / opts.pageSize),
        totalCount: notices.length,
        unreadCount: notices.filter((r) => !isRead(Number(r.id))).length,
      };
    },

    /** The member's unread notices (those of `lobbyNews`): 0 for trial members, who never mark read. */
    async unreadNotices(operatorId: number, language: string, reader: Reader): Promise<number> {
      const notices = await liveNotices(operatorId, language);
      if (notices.length === 0) return 0;
      const reads = await readSet(reader);
      return reads === 'all' ? 0 : notices.filter((r) => !reads.has(Number(r.id))).length;
    },

    /** Marks an announcement read for the member; trial members' reads are not kept. */
    async markRead(operatorId: number, reader: Reader, announcementId: number) {
      const snap = await snapshot(operatorId);
      const row = snap.announcements.find((r) => Number(r.id) === announcementId && live(r, now()));
      if (!row) throw new AppError('NOT_FOUND');
      if (reader.type !== TRIAL_TYPE) await repo.markRead(db, reader.id, announcementId, now());
      return { announcementId, read: true };
    },

    // ---------- back office ----------

    boBanners,

    async createBanner(operatorId: number, input: BannerInput, actor: Actor) {
      const at = now();
      const id = await repo.insertBanner(db, bannerRow(input, operatorId, at));
      await record(operatorId, actor, 'content.banner.create', `banner:${id}`, { title: input.title });
      changed(operatorId);
      return (await boBanners(operatorId)).find((b) => b.id === id)!;
    },

    async updateBanner(operatorId: number, id: number, input: BannerInput, actor: Actor) {
      if (!(await repo.updateBanner(db, operatorId, id, bannerRow(input, operatorId, now())))) {
        throw new AppError('NOT_FOUND');
      }
      await record(operatorId, actor, 'content.banner.update', `banner:${id}`, { title: input.title });
      changed(operatorId);
      return (await boBanners(operatorId)).find((b) => b.id === id)!;
    },

    async deleteBanner(operatorId: number, id: number, actor: Actor) {
      if (!(await repo.deleteBanner(db, operatorId, id))) throw new AppError('NOT_FOUND');
      await record(operatorId, actor, 'content.banner.delete', `banner:${id}`);
      changed(operatorId);
    },

    boAnnouncements,

    async createAnnouncement(operatorId: number, input: AnnouncementInput, actor: Actor) {
      const id = await repo.insertAnnouncement(db, announcementRow(input, operatorId, now()));
      await record(operatorId, actor, 'content.announcement.create', `announcement:${id}`, {
        type: input.type,
        title: input.title,
      });
      changed(operatorId);
      return (await boAnnouncements(operatorId)).find((a) => a.id === id)!;
    },

    async updateAnnouncement(operatorId: number, id: number, input: AnnouncementInput, actor: Actor) {
      if (!(await repo.updateAnnouncement(db, operatorId, id, announcementRow(input, operatorId, now())))) {
        throw new AppError('NOT_FOUND');
      }
      await record(operatorId, actor, 'content.announcement.update', `announcement:${id}`, {
        type: input.type,
        title: input.title,
      });
      changed(operatorId);
      return (await boAnnouncements(operatorId)).find((a) => a.id === id)!;
    },

    async deleteAnnouncement(operatorId: number, id: number, actor: Actor) {
      if (!(await repo.deleteAnnouncement(db, operatorId, id))) throw new AppError('NOT_FOUND');
      await record(operatorId, actor, 'content.announcement.delete', `announcement:${id}`);
      changed(operatorId);
    },
  };

  function record(operatorId: number, actor: Actor, action: string, target: string, detail?: unknown) {
    return audit.record({
      operatorId,
      actorType: actor.type,
      actorId: actor.id,
      action,
      target,
      ...(detail !== undefined ? { detail } : {}),
      ip: actor.ip,
    });
  }
}
export type ContentService = ReturnType<typeof createContentService>;
