import { randomBytes } from 'node:crypto';
import { formatMinor } from '@playhouse/contract/envelope';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { STAFF_PASSWORD_RULE, passwordProblems } from '../../lib/password-policy.ts';
import type { SessionPolicy } from '../sessions/sessions.service.ts';
import type { Services } from '../../services.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp.ts';
import { setOperatorStatus, type Db } from '../operators/operators.repository.ts';
import { createOperator, type NewOperator } from '../operators/provision.ts';
import * as repo from './platform.repository.ts';

export const PLATFORM_SESSION: SessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 8 * 3600_000 };
const ENROL_SESSION: SessionPolicy = { idleMs: 10 * 60_000, absoluteMs: 10 * 60_000 };
const TOTP_PURPOSE = 'platform-totp';
/** Platform sessions belong to no operator. */
const NO_OPERATOR = 0;
export const PLATFORM_OWNER = 'platform';

export interface PlatformClient {
  ip: string;
  userAgent?: string | undefined;
}

export interface OperatorTotals {
  id: number;
  code: string;
  name: string;
  status: 'active' | 'suspended';
  domains: string[];
  currency: string;
  members: number;
  deposits: { count: number; total: string };
  withdrawals: { count: number; total: string };
  memberBalances: string;
}

/**
 * The platform console (decision 039): platform owners, above operators, sign in with a password and
 * an authenticator code, always (the first sign-in enrols one), make operators, suspend and resume
 * them, and see each operator's totals. Every change is audited in the operator it touched.
 */
export function createPlatformService(db: Db, services: Services) {
  const { sessions, secrets, audit, operators } = services;

  async function ownerOf(token: string | undefined, type: 'platform' | 'platform-enrol') {
    const session = token
      ? await sessions.verify(token, type, type === 'platform' ? PLATFORM_SESSION : ENROL_SESSION)
      : undefined;
    if (!session) throw new AppError('NOT_LOGGED_IN');
    const owner = await repo.findOwnerById(db, session.subjectId);
    if (!owner || owner.disabled) throw new AppError('NOT_LOGGED_IN');
    return { id: Number(owner.id), username: owner.username, sessionId: session.id, token: token! };
  }

  const session = async (type: 'platform' | 'platform-enrol', id: number, client: PlatformClient) =>
    (
      await sessions.create(
        { type, id, operatorId: NO_OPERATOR },
        type === 'platform' ? PLATFORM_SESSION : ENROL_SESSION,
        client,
      )
    ).token;

  return {
    /** The first platform owner (`platform`), once: with the given password, or a generated one returned to print. */
    async ensureOwner(password: string | undefined): Promise<string | undefined> {
      if ((await repo.countOwners(db)) > 0) return undefined;
      const chosen = password ?? randomBytes(12).toString('base64url');
      const problems = passwordProblems(chosen, { username: PLATFORM_OWNER, rule: STAFF_PASSWORD_RULE });
      if (problems.length)
        throw new Error(`PLATFORM_OWNER_PASSWORD is refused (${problems.map((p) => p.key).join(', ')})`);
      await repo.insertOwner(db, PLATFORM_OWNER, await hashPassword(chosen), now());
      return password ? undefined : chosen;
    },

    /**
     * Password, then the authenticator code. Without a second factor yet, the answer is an enrolment:
     * a new secret and a session good only for confirming it.
     */
    async signIn(
      body: { username: string; password: string; code?: string | undefined },
      client: PlatformClient,
    ): Promise<{ token: string; enrolment?: { secret: string; otpauthUri: string } }> {
      const owner = await repo.findOwner(db, body.username.trim().toLowerCase());
      const valid = await verifyPassword(owner?.password_hash ?? (await dummyHash()), body.password);
      if (!owner || !valid || owner.disabled) throw new AppError('INVALID_CREDENTIALS');
      const id = Number(owner.id);
      if (!owner.totp_secret) {
        const secret = newTotpSecret();
        await repo.setPending(db, id, secrets.seal(TOTP_PURPOSE, secret));
        return {
          token: await session('platform-enrol', id, client),
          enrolment: { secret, otpauthUri: otpauthUri('Playhouse platform', owner.username, secret) },
        };
      }
      const step = body.code
        ? matchTotp(secrets.open(TOTP_PURPOSE, owner.totp_secret), body.code, now())
        : undefined;
      if (step === undefined || !(await repo.claimStep(db, id, step)))
        throw new AppError(body.code ? 'TWO_FACTOR_CODE_INVALID' : 'TWO_FACTOR_CHALLENGE_INVALID');
      return { token: await session('platform', id, client) };
    },

    /** Confirms the enrolment with a code from the new secret: the second factor is on, a full session starts. */
    async confirmEnrolment(
      token: string | undefined,
      code: string,
      client: PlatformClient,
    ): Promise<{ token: string }> {
      const owner = await ownerOf(token, 'platform-enrol');
      const row = (await repo.findOwnerById(db, owner.id))!;
      if (!row.totp_pending) throw new AppError('TWO_FACTOR_NOT_STARTED');
      const step = matchTotp(secrets.open(TOTP_PURPOSE, row.totp_pending), code, now());
      if (step === undefined || !(await repo.enableSecret(db, owner.id, row.totp_pending, step)))
        throw new AppError('TWO_FACTOR_CODE_INVALID');
      await sessions.revoke(owner.token);
      return { token: await session('platform', owner.id, client) };
    },

    authenticate: (token: string | undefined) => ownerOf(token, 'platform'),

    async operators(): Promise<OperatorTotals[]> {
      const totals = await repo.operatorTotals(db);
      const by = <T extends { operator_id: number }>(rows: T[], id: number) =>
        rows.find((r) => Number(r.operator_id) === id);
      const list: OperatorTotals[] = [];
      for (const o of await operators.all()) {
        const { settings } = await services.settings.get(o.id);
        const deposits = by(totals.deposits, o.id);
        const withdrawals = by(totals.withdrawals, o.id);
        list.push({
          id: o.id,
          code: o.code,
          name: o.name,
          status: o.status,
          domains: o.domains,
          currency: settings.site.currency,
          members: Number(by(totals.members, o.id)?.n ?? 0),
          deposits: { count: Number(deposits?.n ?? 0), total: formatMinor(Number(deposits?.total ?? 0)) },
          withdrawals: {
            count: Number(withdrawals?.n ?? 0),
            total: formatMinor(Number(withdrawals?.total ?? 0)),
          },
          memberBalances: formatMinor(Number(by(totals.balances, o.id)?.total ?? 0)),
        });
      }
      return list;
    },

    async create(input: NewOperator, actor: { id: number; ip: string }): Promise<{ id: number }> {
      const id = await createOperator(db, services, input);
      await audit.record({
        operatorId: id,
        actorType: 'platform',
        actorId: String(actor.id),
        action: 'platform.operator.created',
        target: `operator:${id}`,
        detail: {
          code: input.code,
          name: input.name,
          currency: input.currency,
          domains: input.domains,
          owner: input.owner.username,
        },
        ip: actor.ip,
      });
      return { id };
    },

    async setStatus(id: number, status: 'active' | 'suspended', actor: { id: number; ip: string }) {
      const operator = await operators.byId(id);
      if (!operator) throw new AppError('NOT_FOUND');
      if (operator.status !== status) {
        await setOperatorStatus(db, id, status);
        await audit.record({
          operatorId: id,
          actorType: 'platform',
          actorId: String(actor.id),
          action: status === 'suspended' ? 'platform.operator.suspended' : 'platform.operator.resumed',
          target: `operator:${id}`,
          detail: { from: operator.status, to: status },
          ip: actor.ip,
        });
        operators.changed(id);
      }
      return { id, status };
    },
  };
}
export type PlatformService = ReturnType<typeof createPlatformService>;
