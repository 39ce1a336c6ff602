import { randomBytes } from 'node:crypto';
import { defaultSettings } from '@playhouse/contract/settings';
import { now } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { STAFF_PASSWORD_RULE, passwordProblems } from '../../lib/password-policy.ts';
import { insertStaff } from '../backoffice/staff.repository.ts';
import type { Services } from '../../services.ts';
import {
  findDefaultOperator,
  findOperatorByCode,
  insertOperator,
  insertSettingsRow,
  type Db,
} from './operators.repository.ts';
import { createOperator } from './provision.ts';

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

export const SECOND_BRAND_CODE = 'brand2';
const SECOND_BRAND_VENDORS = ['BGS', 'LTO', 'ELT', 'PGE', 'SPX', 'FSH', 'LVC', 'BNG'];

/**
 * The demo's second brand (decision 039), made once on `host`: "Lucky Star", in US dollars, in English,
 * Thai and Vietnamese, green where the first brand is dark, with a shorter shelf of studios and no demo
 * stand-ins (its third-party tiles say the vendor is not connected; the in-house and draw games play). Its owner
 * is `admin` with PLAYHOUSE_ADMIN_PASSWORD, or a generated password returned to print once.
 */
export async function ensureSecondBrand(
  db: Db,
  services: Services,
  host: string,
  adminPassword: string | undefined,
): Promise<{ code: string; generatedPassword?: string } | undefined> {
  if (await findOperatorByCode(db, SECOND_BRAND_CODE)) return undefined;
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const operatorId = await createOperator(db, services, {
    code: SECOND_BRAND_CODE,
    name: 'Lucky Star',
    currency: 'USD',
    languages: { supported: ['EN', 'TH', 'VI'], default: 'EN' },
    domains: [host],
    owner: { username: 'admin', password },
    look: {
      background: '#0b5d3b',
      textColour: '#ffffff',
      tagline: 'Lucky Star: play in dollars, win in style.',
    },
  });
  // Its own shelf: the in-house games, draws and a few studios; the others stay off until it adds them.
  await db
    .updateTable('vendors')
    .set({ enabled: 0 })
    .where('operator_id', '=', operatorId)
    .where('code', 'not in', SECOND_BRAND_VENDORS)
    .execute();
  services.operators.changed(operatorId);
  return { code: SECOND_BRAND_CODE, ...(adminPassword ? {} : { generatedPassword: password }) };
}
