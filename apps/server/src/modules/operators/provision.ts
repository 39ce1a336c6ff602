import { defaultSettings, type OperatorSettings } from '@playhouse/contract/settings';
import type { LanguageCode } from '@playhouse/contract/languages';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { STAFF_PASSWORD_RULE, passwordProblems } from '../../lib/password-policy.ts';
import { insertStaff } from '../backoffice/staff.repository.ts';
import { seedLobby } from '../games/lobby-seed.ts';
import type { Services } from '../../services.ts';
import { findOperatorByCode, insertOperator, insertSettingsRow, type Db } from './operators.repository.ts';

export interface NewOperator {
  code: string;
  name: string;
  currency: string;
  languages: { supported: LanguageCode[]; default: LanguageCode };
  /** The primary domain first, then the others. */
  domains: string[];
  owner: { username: string; password: string };
  /** Look: the download bar's background and text colour, the home tagline. */
  look?: { background?: string; textColour?: string; tagline?: string };
  /** Demo vendors stand in for unconnected ones (games.demoMode). */
  demoMode?: boolean;
}

/** The settings document an operator starts with: the platform defaults with its own name, money, languages and domains. */
export function operatorSettings(input: NewOperator): OperatorSettings {
  const settings = defaultSettings();
  const [primary, ...others] = input.domains.map((d) => d.trim().toLowerCase());
  settings.site.name = input.name;
  settings.site.currency = input.currency;
  settings.site.mainDomain = primary ?? '';
  settings.site.domains = others.map((domainName) => ({
    domainName,
    rootDomainName: domainName.split('.').slice(-2).join('.'),
  }));
  settings.languages = { supported: [...input.languages.supported], default: input.languages.default };
  if (input.look?.background) settings.site.mobileTemplate.app_background = input.look.background;
  if (input.look?.textColour) settings.site.mobileTemplate.app_desc_font_color = input.look.textColour;
  if (input.look?.tagline) settings.site.mobileTemplate.app_desc = input.look.tagline;
  if (input.demoMode) settings.games.demoMode = true;
  return settings;
}

/**
 * Makes an operator with its settings and first owner account in one transaction (the code and
 * domains must be free), then the content every operator starts with. Returns its id.
 */
export async function createOperator(db: Db, services: Services, input: NewOperator): Promise<number> {
  const problems = passwordProblems(input.owner.password, {
    username: input.owner.username,
    rule: STAFF_PASSWORD_RULE,
  });
  if (problems.length) throw new AppError('VALIDATION_FAILED', { fields: { 'owner.password': problems } });
  if (await findOperatorByCode(db, input.code))
    throw new AppError('VALIDATION_FAILED', { fields: { code: [{ key: 'usernameTaken' }] } });
  if (await services.operators.domainOwner(input.domains))
    throw new AppError('VALIDATION_FAILED', { fields: { domains: [{ key: 'domainTaken' }] } });
  const settings = operatorSettings(input);
  const passwordHash = await hashPassword(input.owner.password);
  const at = now();
  const operatorId = await db.transaction().execute(async (trx) => {
    const id = await insertOperator(trx, input.code, input.name, at);
    await insertSettingsRow(trx, id, JSON.stringify(settings), at);
    await insertStaff(trx, id, input.owner.username.toLowerCase(), passwordHash, 'owner', at);
    return id;
  });
  await seedOperatorContent(db, services, operatorId, { demo: Boolean(input.demoMode) });
  services.operators.changed(operatorId);
  return operatorId;
}

/**
 * What every operator starts with (each step once): the game lobby, deposit channels, help and legal
 * texts in its languages, VIP ranks and reward missions; with `demo`, the demo vendors' credentials
 * and promotions too.
 */
export async function seedOperatorContent(
  db: Db,
  services: Services,
  operatorId: number,
  options: { demo: boolean },
): Promise<void> {
  const { settings } = await services.settings.get(operatorId);
  const languages = settings.languages.supported;
  await seedLobby(db, operatorId, languages);
  if (options.demo) await services.demo.ensureCredentials(operatorId);
  if (options.demo) await services.payments.channels.seedDemo(operatorId);
  if (options.demo) await services.promotions.seedDemo(operatorId);
  await services.help.seedDefaults(operatorId, languages);
  await services.legal.seedDefaults(operatorId, languages);
  await services.vip.ranks.seedDemo(operatorId);
  await services.rewards.admin.seedDemo(operatorId);
}
