import { randomBytes } from 'node:crypto';
import { defaultSettings } from '@playhouse/contract/settings';
import { now } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { STAFF_PASSWORD_RULE, passwordProblems } from '../../lib/password-policy.ts';
import { insertStaff } from '../backoffice/staff.repository.ts';
import { findDefaultOperator, insertOperator, insertSettingsRow, type Db } from './operators.repository.ts';

export interface SeedResult {
  operatorId: number;
  created: boolean;
  /** Set only when the admin password was generated here; printed once, never stored in clear. */
  generatedAdminPassword?: string;
}

/**
 * First start: the demo operator with the spec's platform settings and the first staff account
 * (`admin`, password from PLAYHOUSE_ADMIN_PASSWORD or generated). With the demo data (`demo`), demo
 * vendors start switched on (games.demoMode). Later starts change nothing.
 */
export async function ensureOperator(
  db: Db,
  adminPassword: string | undefined,
  options: { demo?: boolean } = {},
): Promise<SeedResult> {
  const existing = await findDefaultOperator(db);
  if (existing) return { operatorId: Number(existing.id), created: false };
  const problems = adminPassword
    ? passwordProblems(adminPassword, { username: 'admin', rule: STAFF_PASSWORD_RULE })
    : [];
  if (problems.length)
    throw new Error(
      `PLAYHOUSE_ADMIN_PASSWORD is refused (${problems.map((p) => p.key).join(', ')}): use 12 or more characters, not a common password`,
    );
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const at = now();
  const operatorId = await db.transaction().execute(async (trx) => {
    const id = await insertOperator(trx, 'demo', 'Playhouse Demo', at);
    const settings = defaultSettings();
    if (options.demo) settings.games.demoMode = true;
    await insertSettingsRow(trx, id, JSON.stringify(settings), at);
    // A generated password was shown in a log: it must be changed at the first sign-in.
    await insertStaff(trx, id, 'admin', passwordHash, 'owner', at, { mustChangePassword: !adminPassword });
    return id;
  });
  return { operatorId, created: true, ...(adminPassword ? {} : { generatedAdminPassword: password }) };
}
