import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AnnouncementsTable, BannersTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

export type BannerRow = Selectable<BannersTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;

export function listBanners(db: Db, operatorId: number): Promise<BannerRow[]> {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .orderBy('group_name')
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

export function listAnnouncements(db: Db, operatorId: number): Promise<AnnouncementRow[]> {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertBanner(db: Db, row: Insertable<BannersTable>): Promise<number> {
  const r = await db.insertInto('banners').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateBanner(
  db: Db,
  operatorId: number,
  id: number,
  patch: Updateable<BannersTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('banners')
    .set(patch)
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteBanner(db: Db, operatorId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('banners')
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function insertAnnouncement(db: Db, row: Insertable<AnnouncementsTable>): Promise<number> {
  const r = await db.insertInto('announcements').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateAnnouncement(
  db: Db,
  operatorId: number,
  id: number,
  patch: Updateable<AnnouncementsTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('announcements')
    .set(patch)
    .where('operator_id', '=', operatorId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteAnnouncement(db: Db, operatorId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Only delete reads of an announcement that is this operator's.
    const owned = await trx
      .selectFrom('announcements')
      .select('id')
      .where('operator_id', '=', operatorId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!owned) return false;
    await trx.deleteFrom('announcement_reads').where('announcement_id', '=', id).execute();
    await trx.deleteFrom('announcements').where('id', '=', id).execute();
    return true;
  });
}

export async function countContent(db: Db, operatorId: number): Promise<number> {
  const [b, a] = await Promise.all([
    db
      .selectFrom('banners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('operator_id', '=', operatorId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('operator_id', '=', operatorId)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(b.n) + Number(a.n);
}

// ---------- reads (by the member's own id) ----------

export async function readAnnouncementIds(db: Db, memberId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('announcement_reads')
    .select('announcement_id')
    .where('member_id', '=', memberId)
    .execute();
  return new Set(rows.map((r) => Number(r.announcement_id)));
}

export async function markRead(db: Db, memberId: number, announcementId: number, at: number): Promise<void> {
  await db
    .insertInto('announcement_reads')
    .values({ member_id: memberId, announcement_id: announcementId, read_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'announcement_id']).doNothing())
    .execute();
}
