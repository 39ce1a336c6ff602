import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, dropSchema, migrateToLatest } from '@playhouse/db/create-db';
import { TEST_DATABASE_URL } from './support/test-app.ts';

describe('the migrator on a PostgreSQL database shared with other schemas', () => {
  const schemas = [`t_${randomBytes(6).toString('hex')}`, `t_${randomBytes(6).toString('hex')}`];
  afterAll(async () => {
    for (const schema of schemas) await dropSchema(TEST_DATABASE_URL, schema);
  });

  it('sees only its own schema, with columns, and migrates each schema once', async () => {
    const [mine, other] = schemas as [string, string];
    const neighbour = await createDb({ url: TEST_DATABASE_URL, schema: other, poolSize: 1 });
    await neighbour.db.schema.createTable('members').addColumn('id', 'integer').execute();
    await neighbour.db.schema.createTable('neighbour_only').addColumn('id', 'integer').execute();
    await neighbour.close();

    const handle = await createDb({ url: TEST_DATABASE_URL, schema: mine, poolSize: 1 });
    try {
      const applied = await migrateToLatest(handle);
      expect(applied.length).toBeGreaterThan(0);
      expect(await migrateToLatest(handle)).toEqual([]);

      const tables = await handle.db.introspection.getTables();
      expect(tables.every((t) => t.schema === mine)).toBe(true);
      expect(tables.map((t) => t.name)).not.toContain('neighbour_only');
      expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
      const members = tables.find((t) => t.name === 'members');
      const id = members?.columns.find((c) => c.name === 'id');
      expect(id).toMatchObject({ isNullable: false, isAutoIncrementing: true });
      expect(members?.columns.find((c) => c.name === 'username')).toMatchObject({
        dataType: 'varchar',
        isNullable: false,
      });

      const internal = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(internal.map((t) => t.name)).toContain('kysely_migration');
      expect((await handle.db.introspection.getSchemas()).map((s) => s.name)).toContain(other);
    } finally {
      await handle.close();
    }
  });
});
