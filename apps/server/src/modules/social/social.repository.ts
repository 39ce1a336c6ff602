import type { Insertable, Updateable } from 'kysely';
import type { SocialProvidersTable } from '@playhouse/db/schema';
import type { Db } from '../operators/operators.repository.ts';

export function listProviders(db: Db, operatorId: number) {
  return db.selectFrom('social_providers').selectAll().where('operator_id', '=', operatorId).execute();
}

export function findProvider(db: Db, operatorId: number, provider: string) {
  return db
    .selectFrom('social_providers')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export async function upsertProvider(
  db: Db,
  row: Insertable<SocialProvidersTable>,
  patch: Updateable<SocialProvidersTable>,
) {
  const existing = await findProvider(db, row.operator_id, row.provider);
  if (existing) {
    await db.updateTable('social_providers').set(patch).where('id', '=', existing.id).execute();
  } else {
    await db.insertInto('social_providers').values(row).execute();
  }
}

export function findLink(db: Db, operatorId: number, provider: string, subject: string) {
  return db
    .selectFrom('social_links')
    .select(['member_id'])
    .where('operator_id', '=', operatorId)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertLink(
  db: Db,
  row: { operator_id: number; member_id: number; provider: string; subject: string; created_at: number },
) {
  await db.insertInto('social_links').values(row).execute();
}

export async function insertState(
  db: Db,
  row: {
    operator_id: number;
    provider: string;
    state_hash: string;
    binding_hash: string;
    code_verifier: string;
    nonce: string;
    created_at: number;
    expires_at: number;
    affiliate_code: string | null;
  },
) {
  await db.insertInto('social_states').values(row).execute();
}

/** Marks a live state used and returns it; a second call, or an expired state, returns undefined. */
export async function consumeState(db: Db, operatorId: number, stateHash: string, at: number) {
  const result = await db
    .updateTable('social_states')
    .set({ used_at: at })
    .where('operator_id', '=', operatorId)
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('social_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirstOrThrow();
}

export async function insertLoginCode(
  db: Db,
  row: {
    operator_id: number;
    member_id: number;
    provider: string;
    code_hash: string;
    created_at: number;
    expires_at: number;
  },
) {
  await db.insertInto('social_login_codes').values(row).execute();
}

/** Marks a live one-time code used and returns it; replays and expired codes return undefined. */
export async function consumeLoginCode(db: Db, operatorId: number, codeHash: string, at: number) {
  const result = await db
    .updateTable('social_login_codes')
    .set({ used_at: at })
    .where('operator_id', '=', operatorId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('social_login_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirstOrThrow();
}

/** Drops finished or expired attempts and codes so the tables stay small. */
export async function purgeExpired(db: Db, before: number) {
  await db.deleteFrom('social_states').where('expires_at', '<', before).execute();
  await db.deleteFrom('social_login_codes').where('expires_at', '<', before).execute();
}

/** Every provider row's stored secrets, for sealing those kept in clear by an earlier version. */
export function listProviderSecrets(db: Db) {
  return db.selectFrom('social_providers').select(['id', 'client_secret', 'bot_token']).execute();
}

export async function updateProviderSecrets(
  db: Db,
  id: number,
  secrets: { client_secret: string | null; bot_token: string | null },
) {
  await db.updateTable('social_providers').set(secrets).where('id', '=', id).execute();
}
