import type { Kysely } from 'kysely';
import { bigint, dialectOf, notNull, withId } from './column-types.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const d = await dialectOf(db);

  // Per-operator social sign-in credentials, set in the back office; secrets are never returned.
  await withId(db.schema.createTable('social_providers'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('provider', 'varchar(16)', notNull)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_name', 'varchar(64)')
    .addColumn('client_id', 'varchar(512)')
    .addColumn('client_secret', 'varchar(512)')
    .addColumn('issuer', 'varchar(500)')
    .addColumn('authorize_url', 'varchar(500)')
    .addColumn('token_url', 'varchar(500)')
    .addColumn('userinfo_url', 'varchar(500)')
    .addColumn('bot_token', 'varchar(200)')
    .addColumn('updated_at', bigint, notNull)
    .addUniqueConstraint('social_providers_operator_provider', ['operator_id', 'provider'])
    .execute();

  // A member's identities at providers: one member per (provider, subject).
  await withId(db.schema.createTable('social_links'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('provider', 'varchar(16)', notNull)
    .addColumn('subject', 'varchar(255)', notNull)
    .addColumn('created_at', bigint, notNull)
    .addUniqueConstraint('social_links_subject', ['operator_id', 'provider', 'subject'])
    .execute();
  await db.schema.createIndex('social_links_member').on('social_links').column('member_id').execute();

  // Sign-in attempts in flight: the hashed state, the browser binding, the PKCE verifier and nonce.
  await withId(db.schema.createTable('social_states'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('provider', 'varchar(16)', notNull)
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('binding_hash', 'varchar(64)', notNull)
    .addColumn('code_verifier', 'varchar(128)', notNull)
    .addColumn('nonce', 'varchar(64)', notNull)
    .addColumn('created_at', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addColumn('used_at', bigint)
    .execute();

  // One-time codes the SPA exchanges for a session, so a bearer token never travels in a URL.
  await withId(db.schema.createTable('social_login_codes'), d)
    .addColumn('operator_id', bigint, notNull)
    .addColumn('member_id', bigint, (c) => c.notNull().references('members.id'))
    .addColumn('provider', 'varchar(16)', notNull)
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addColumn('used_at', bigint)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('social_login_codes').execute();
  await db.schema.dropTable('social_states').execute();
  await db.schema.dropTable('social_links').execute();
  await db.schema.dropTable('social_providers').execute();
}
