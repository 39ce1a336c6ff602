import { sql, type Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

/**
 * The back office's member desk (issue 23): staff notes and tags on a member, the member's real name
 * as a column (it was only inside the `profile` JSON) and the indexes the member search and the member
 * page read by: mobile number alone, e-mail and real name regardless of case, affiliate code, session
 * address, and the audit log by target and by actor. Every index starts with the operator.
 * The indexes are built in the migration's transaction (no migration here runs outside one yet): on
 * a PostgreSQL deployment with millions of members or audit rows, build them beforehand with
 * `CREATE INDEX CONCURRENTLY` under the same names (`if not exists` below then skips them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('member_notes'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('staff_id', bigint, notNull)
    .addColumn('body', 'varchar(2000)', notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('member_notes_member')
    .on('member_notes')
    .columns(['operator_id', 'member_id', 'id'])
    .execute();

  await withId(db.schema.createTable('member_tags'), d)
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id'))
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('tag', 'varchar(32)', notNull)
    .addColumn('staff_id', bigint, notNull)
    .addColumn('created_at', bigint, notNull)
    .execute();
  await db.schema
    .createIndex('member_tags_member_tag')
    .unique()
    .on('member_tags')
    .columns(['operator_id', 'member_id', 'tag'])
    .execute();
  await db.schema.createIndex('member_tags_tag').on('member_tags').columns(['operator_id', 'tag']).execute();

  await db.schema.alterTable('members').addColumn('real_name', 'varchar(100)').execute();
  // Names given at sign-up or on the withdraw page so far live in the profile document only: copied
  // in batches keyed by id (docs/migrations.md, rule 4).
  for (let after = 0; ;) {
    const batch = (await db
      .selectFrom('members')
      .select(['id', 'profile'])
      .where('profile', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute()) as { id: number; profile: string }[];
    if (batch.length === 0) break;
    after = Number(batch[batch.length - 1]!.id);
    for (const row of batch) {
      let name: unknown;
      try {
        name = (JSON.parse(row.profile) as { payeeName?: unknown }).payeeName;
      } catch {
        continue;
      }
      if (typeof name === 'string' && name.trim())
        await db
          .updateTable('members')
          .set({ real_name: name.trim().slice(0, 100) })
          .where('id', '=', row.id)
          .execute();
    }
  }

  await db.schema
    .createIndex('members_operator_mobile')
    .ifNotExists()
    .on('members')
    .columns(['operator_id', 'mobile_num'])
    .execute();
  await sql`create index if not exists members_operator_email on members (operator_id, lower(email))`.execute(
    db,
  );
  await sql`create index if not exists members_operator_real_name on members (operator_id, lower(real_name))`.execute(
    db,
  );
  await db.schema
    .createIndex('members_operator_affiliate')
    .ifNotExists()
    .on('members')
    .columns(['operator_id', 'affiliate_code'])
    .execute();
  await db.schema
    .createIndex('sessions_operator_ip')
    .ifNotExists()
    .on('sessions')
    .columns(['operator_id', 'ip'])
    .execute();
  await db.schema
    .createIndex('audit_log_operator_target')
    .ifNotExists()
    .on('audit_log')
    .columns(['operator_id', 'target', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_operator_actor')
    .ifNotExists()
    .on('audit_log')
    .columns(['operator_id', 'actor_type', 'actor_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'audit_log_operator_actor',
    'audit_log_operator_target',
    'sessions_operator_ip',
    'members_operator_affiliate',
    'members_operator_real_name',
    'members_operator_email',
    'members_operator_mobile',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('members').dropColumn('real_name').execute();
  await db.schema.dropTable('member_tags').execute();
  await db.schema.dropTable('member_notes').execute();
}
