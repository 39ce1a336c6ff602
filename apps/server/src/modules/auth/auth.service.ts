import { isAgentType } from '@playhouse/contract/agents';
import { randomBytes, randomInt } from 'node:crypto';
import {
  FREEPLAY_TYPES,
  MEMBER_TYPE,
  REGISTER_PAYLOAD_RULES,
  registerFieldProblems,
  type FieldProblem,
  type LoginAnswer,
  type LoginRequest,
  type LoginResult,
  type SecondStepMethod,
  type RegisterPayloadField,
  type RegisterRequest,
} from '@playhouse/contract/account';
import type { OperatorSettings } from '@playhouse/contract/settings';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { passwordProblems } from '../../lib/password-policy.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { MEMBER_SESSION } from '../members/member-auth.service.ts';
import { findMemberById, findMemberByUsername, insertMember } from '../members/members.repository.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SessionPolicy, SessionsService } from '../sessions/sessions.service.ts';
import { normalizeMobile, type Mobile } from '../verification/mobile.ts';
import { verifyAndConsumeSmsCode } from '../verification/verification.service.ts';
import * as accounts from './accounts.repository.ts';
import type { MemberTwoFactorService } from './member-two-factor.service.ts';
import type { SignInAlertsService } from './sign-in-alerts.service.ts';
import type { LoginAttempt, LoginThrottle } from './login-throttle.service.ts';

/** "Remember me": a long-lived, revocable session (never a stored password). */
export const REMEMBERED_SESSION: SessionPolicy = {
  idleMs: 30 * 24 * 3600_000,
  absoluteMs: 90 * 24 * 3600_000,
};

/** What the services need to know about the request behind a call. */
export interface ClientContext {
  operatorId: number;
  settings: OperatorSettings;
  ip: string;
  userAgent?: string | undefined;
  /** `Device` header, e.g. OTHERS for a standalone home-screen app. */
  device?: string | undefined;
  /** `X-Device-Id`: the browser's own random id (sign-in alerts tell new devices by it). */
  deviceId?: string | undefined;
  language?: string | undefined;
}

type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberById>>>;

const invalid = (fields: Record<string, FieldProblem[]>) => new AppError('VALIDATION_FAILED', { fields });

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** Sign-up, sign-in (password or SMS code), trial accounts, free play, sign-out and account status. */
export function createAuthService(deps: {
  db: Db;
  sessions: SessionsService;
  audit: AuditService;
  captcha: CaptchaService;
  throttle: LoginThrottle;
  /** Affiliate codes: the agent a new member registers under. */
  agents: Pick<AgentsService, 'agentByCode' | 'attach'>;
  /** Sign-in devices and history; alerts for new devices and countries. */
  signIns?: Pick<SignInAlertsService, 'record' | 'isNew'>;
  /** Members' second sign-in step (authenticator, SMS code, recovery codes). */
  twoFactor?: Pick<MemberTwoFactorService, 'challengeFor' | 'completeChallenge'>;
  /** Told after a member registered (invite friends records the referral link's code). */
  onRegistered?: (operatorId: number, memberId: number, body: RegisterRequest) => Promise<unknown>;
}) {
  const { db, sessions, audit, captcha, throttle } = deps;

  const record = (
    ctx: ClientContext,
    action: string,
    actorId: number | null,
    detail?: unknown,
    target?: string,
  ) =>
    audit.record({
      operatorId: ctx.operatorId,
      actorType: 'member',
      actorId: actorId === null ? null : String(actorId),
      action,
      ip: ctx.ip,
      ...(target ? { target } : {}),
      ...(detail === undefined ? {} : { detail }),
    });

  async function openSession(
    ctx: ClientContext,
    member: MemberRow,
    remember: boolean,
    signIn: 'alert' | 'quiet' | 'none' = 'alert',
  ): Promise<LoginResult> {
    const id = Number(member.id);
    if (signIn !== 'none')
      await deps.signIns?.record(ctx, { id, email: member.email }, { quiet: signIn === 'quiet' });
    const { token, expiresAt } = await sessions.create(
      { type: 'member', id, operatorId: ctx.operatorId },
      remember ? REMEMBERED_SESSION : MEMBER_SESSION,
      { ip: ctx.ip, userAgent: ctx.userAgent, device: ctx.device },
    );
    await accounts.markLoggedIn(db, id, now());
    return {
      token,
      userName: member.username,
      type: Number(member.type),
      firstTimeLogin: Number(member.first_time_login) === 1,
      expiresAt,
    };
  }

  /** Field-by-field checks against the operator's rules; every problem at once. */
  function fieldProblems(
    body: RegisterRequest,
    settings: OperatorSettings,
    fields: RegisterPayloadField[],
    forced: Set<RegisterPayloadField>,
  ): Record<string, FieldProblem[]> {
    const out: Record<string, FieldProblem[]> = {};
    for (const field of fields) {
      const rule = settings.register[REGISTER_PAYLOAD_RULES[field]];
      const problems = registerFieldProblems(field, body[field], rule, {
        required: forced.has(field) || rule.required,
      });
      if (problems.length) out[field] = problems;
    }
    if (fields.includes('password') && body.password && !out.password) {
      const policy = passwordProblems(body.password, {
        username: body.username,
        rule: settings.register.password,
      }).filter((p) => p.key !== 'tooShort' && p.key !== 'tooLong' && p.key !== 'passwordFormat');
      if (policy.length) out.password = policy as FieldProblem[];
    }
    if (fields.includes('confirmPassword') && body.confirmPassword && body.confirmPassword !== body.password)
      out.confirmPassword = [{ key: 'passwordMismatch' }];
    return out;
  }

  async function uniqueTrialName(operatorId: number, prefix: string, digits: number): Promise<string> {
    for (let i = 0; i < 10; i++) {
      const name = `${prefix}${Array.from({ length: digits }, () => randomInt(0, 10)).join('')}`;
      if (!(await accounts.usernameExists(db, operatorId, name))) return name;
    }
    return `${prefix}${randomBytes(6).toString('hex')}`;
  }

  /**
   * The captcha when the attempt needs one, then the password or SMS code. Wrong credentials settle the
   * attempt as failed (and are audited); right ones settle it as a success and return the member.
   */
  async function checkCredentials(
    ctx: ClientContext,
    body: LoginRequest,
    mobile: Mobile | undefined,
    attempt: LoginAttempt,
    account: string,
  ): Promise<MemberRow> {
    const { operatorId } = ctx;
    if (attempt.captchaRequired) await captcha.require(operatorId, body);
    const fail = async (
      member: MemberRow | undefined,
      error: AppError = new AppError('INVALID_CREDENTIALS'),
    ) => {
      await attempt.fail();
      await record(
        ctx,
        'member.login.failed',
        member ? Number(member.id) : null,
        { type: body.type },
        account,
      );
      return new AppError(error.code, {
        ...error.options,
        extra: { ...error.options.extra, captchaRequired: true },
      });
    };
    let member: MemberRow | undefined;
    if (body.type === 'username') {
      member = await findMemberByUsername(db, operatorId, body.username);
      const ok = await verifyPassword(member?.password_hash ?? (await dummyHash()), body.password);
      if (!member || !member.password_hash || !ok) throw await fail(member);
    } else {
      try {
        await verifyAndConsumeSmsCode(db, {
          operatorId,
          purpose: 'login',
          countryDialingCode: mobile!.dialingCode,
          mobileNum: mobile!.national,
          code: body.verificationCode,
        });
      } catch (error) {
        if (error instanceof AppError) throw await fail(undefined, error);
        throw error;
      }
      member = await accounts.findMemberByMobile(db, operatorId, mobile!.dialingCode, mobile!.national);
      if (!member) throw new AppError('ACCOUNT_UNAVAILABLE');
    }
    await attempt.succeed();
    return member;
  }

  return {
    /**
     * Registers by username (`method: 'username'`) or by mobile number, following the operator's
     * register settings and whitelabel flags, and signs the new member in.
     */
    async register(
      ctx: ClientContext,
      method: 'username' | 'mobile',
      body: RegisterRequest,
    ): Promise<LoginResult> {
      const { settings, operatorId } = ctx;
      const flags = settings.whitelabel;
      if (method === 'username' ? !flags.USERNAMEREG3 : !flags.MOBILENUMREG3)
        throw new AppError('REGISTRATION_CLOSED');

      const enabled = (Object.keys(REGISTER_PAYLOAD_RULES) as RegisterPayloadField[]).filter(
        (f) => settings.register[REGISTER_PAYLOAD_RULES[f]].enabled,
      );
      const withPassword = method === 'username' || flags.MOBILENUMPASSREG3;
      const smsOn = settings.register.messageCode.enabled;
      let fields: RegisterPayloadField[];
      const forced = new Set<RegisterPayloadField>();
      if (method === 'username') {
        fields = enabled.filter((f) => f !== 'verificationCode');
        for (const f of ['username', 'password', 'confirmPassword'] as const) {
          if (!fields.includes(f)) fields.push(f);
          forced.add(f);
        }
        // The optional number is verified by SMS when codes are on.
        if (body.mobileNum && smsOn) {
          fields.push('verificationCode');
          forced.add('verificationCode');
        }
      } else {
        fields = ['mobileNum'];
        forced.add('mobileNum');
        if (smsOn) {
          fields.push('verificationCode');
          forced.add('verificationCode');
        }
        if (withPassword) {
          fields.push('password', 'confirmPassword');
          forced.add('password').add('confirmPassword');
        }
        if (enabled.includes('affiliateCode')) fields.push('affiliateCode');
      }
      const problems = fieldProblems(body, settings, fields, forced);
      let mobile: Mobile | undefined;
      if (body.mobileNum && !problems.mobileNum) {
        try {
          mobile = normalizeMobile(body.countryDialingCode ?? '', body.mobileNum);
        } catch {
          problems.mobileNum = [{ key: 'mobileInvalid' }];
        }
      }
      if (Object.keys(problems).length) throw invalid(problems);

      if (settings.register.captcha.enabled) await captcha.require(operatorId, body);

      const upline = body.affiliateCode
        ? await deps.agents.agentByCode(operatorId, body.affiliateCode)
        : undefined;
      if (body.affiliateCode && !upline)
        throw new AppError('INVALID_INVITATION_CODE', {
          fields: { affiliateCode: [{ key: 'invitationCodeInvalid' }] },
        });
      if (body.recommenderId && fields.includes('recommenderId')) {
        if (!(await accounts.findReferrer(db, operatorId, body.recommenderId)))
          throw new AppError('REFERRER_INVALID', { fields: { recommenderId: [{ key: 'referrerInvalid' }] } });
      }
      const username =
        method === 'username' ? body.username!.toLowerCase() : await uniqueTrialName(operatorId, 'm', 9);
      if (method === 'username' && (await accounts.usernameExists(db, operatorId, username)))
        throw new AppError('USERNAME_TAKEN', { fields: { username: [{ key: 'usernameTaken' }] } });
      if (mobile) {
        if (await accounts.findMemberByMobile(db, operatorId, mobile.dialingCode, mobile.national))
          throw new AppError('MOBILE_TAKEN', { fields: { mobileNum: [{ key: 'mobileTaken' }] } });
        if (smsOn)
          await verifyAndConsumeSmsCode(db, {
            operatorId,
            purpose: 'register',
            countryDialingCode: mobile.dialingCode,
            mobileNum: mobile.national,
            code: body.verificationCode ?? '',
          });
      }

      const profileKeys = [
        'idNumber',
        'qqNum',
        'facebook',
        'wechat',
        'line',
        'whatsapp',
        'zalo',
        'payeeName',
      ] as const;
      const profile: Record<string, string> = {};
      for (const k of profileKeys) if (body[k] && fields.includes(k)) profile[k] = body[k];
      if (body.paymentPassword && fields.includes('paymentPassword'))
        profile.paymentPasswordHash = await hashPassword(body.paymentPassword);
      const pick = (f: RegisterPayloadField) => (fields.includes(f) && body[f] ? body[f] : null);

      let id: number;
      try {
        // The member and its place in the agent network are one transaction (decision 033).
        id = await db.transaction().execute(async (trx) => {
          const memberId = await insertMember(trx, {
            operator_id: operatorId,
            username,
            password_hash: withPassword && body.password ? await hashPassword(body.password) : null,
            type: MEMBER_TYPE.MEMBER,
            status: 'active',
            nickname: pick('nickname'),
            mobile_num: mobile?.national ?? null,
            country_dialing_code: mobile?.dialingCode ?? null,
            email: pick('email'),
            birthday: pick('birthday'),
            currency: settings.site.currency,
            register_method: body.registerMethod ?? 'H5',
            affiliate_code: upline ? upline.code : null,
            upline_id: upline ? Number(upline.id) : null,
            recommender_id: pick('recommenderId'),
            profile: Object.keys(profile).length ? JSON.stringify(profile) : null,
            real_name: profile.payeeName?.trim() || null,
            first_time_login: 0,
            created_at: now(),
          });
          if (upline) await deps.agents.attach(trx, operatorId, memberId, Number(upline.id));
          return memberId;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('USERNAME_TAKEN', { fields: { username: [{ key: 'usernameTaken' }] } });
        throw error;
      }
      await record(
        ctx,
        'member.register',
        id,
        { method, registerMethod: body.registerMethod ?? 'H5' },
        username,
      );
      await deps.onRegistered?.(operatorId, id, body);
      const member = (await findMemberById(db, id))!;
      return openSession(ctx, member, false, 'quiet');
    },

    /** Signs in by username and password or by mobile number and SMS code; see LOGIN_THROTTLE. */
    async login(ctx: ClientContext, body: LoginRequest): Promise<LoginAnswer> {
      const { operatorId } = ctx;
      let mobile: Mobile | undefined;
      if (body.type === 'sms') {
        if (!ctx.settings.whitelabel.REGMOBVERF3) throw new AppError('LOGIN_METHOD_DISABLED');
        mobile = normalizeMobile(body.countryDialingCode, body.mobileNum);
      }
      const account = body.type === 'username' ? `u:${body.username.toLowerCase()}` : `m:${mobile!.e164}`;
      // Counted before any credential is checked, so parallel guesses see each other (LoginAttempt).
      const attempt = await throttle.begin(operatorId, ctx.ip, account, undefined, {
        carriesCaptcha: Boolean(body.captcha && body.captchaKey),
      });
      let member: MemberRow;
      try {
        member = await checkCredentials(ctx, body, mobile, attempt, account);
      } finally {
        // An attempt that ended unsettled (captcha refused, an error) checked nothing: give it back.
        await attempt.release();
      }
      if (member.status !== 'active') {
        await record(ctx, 'member.login.refused', Number(member.id), { reason: 'disabled' }, member.username);
        throw new AppError('ACCOUNT_UNAVAILABLE');
      }
      if (Number(member.type) === MEMBER_TYPE.TRIAL) throw new AppError('NON_MEMBER_LOGIN');
      // The agent centre's sign-in (spec §6 "Non-agents cannot log in"): no session for a non-agent.
      if (body.agentOnly && !isAgentType(Number(member.type))) {
        await record(
          ctx,
          'member.login.refused',
          Number(member.id),
          { reason: 'not_agent' },
          member.username,
        );
        throw new AppError('NOT_AGENT');
      }
      // A member with a second step on gets a challenge for it instead of a session.
      const challenge = await deps.twoFactor?.challengeFor(
        ctx,
        {
          id: Number(member.id),
          mobileNum: member.mobile_num,
          dialingCode: member.country_dialing_code,
        },
        {
          remember: body.rememberMe === true,
          signedInBySms: body.type === 'sms',
          // The operator asks for a code when the device or country is new (an SMS to the bound number).
          newDevice:
            ctx.settings.security.newDeviceCode && Boolean(await deps.signIns?.isNew(ctx, Number(member.id))),
        },
      );
      if (challenge) return challenge;
      const result = await openSession(ctx, member, body.rememberMe === true);
      await record(ctx, 'member.login', Number(member.id), {
        type: body.type,
        remember: body.rememberMe === true,
      });
      return result;
    },

    /** The second step of a sign-in: the challenge and one code open the session. */
    async completeLogin(
      ctx: ClientContext & { language?: string | undefined },
      body: { challenge: string; method: SecondStepMethod; code: string },
    ): Promise<LoginResult> {
      if (!deps.twoFactor) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
      const done = await deps.twoFactor.completeChallenge(ctx, body);
      const member = await findMemberById(db, done.memberId);
      if (!member || member.status !== 'active') throw new AppError('ACCOUNT_UNAVAILABLE');
      const result = await openSession(ctx, member, done.remember);
      await record(ctx, 'member.login', done.memberId, { secondStep: done.method, remember: done.remember });
      return result;
    },

    /** Creates a trial (type 4) member with no password and signs it in. */
    async createTrial(ctx: ClientContext): Promise<LoginResult & { trialName: string }> {
      const username = await uniqueTrialName(ctx.operatorId, 'trial', 8);
      const id = await insertMember(db, {
        operator_id: ctx.operatorId,
        username,
        password_hash: null,
        type: MEMBER_TYPE.TRIAL,
        status: 'active',
        currency: ctx.settings.site.currency,
        register_method: 'H5',
        first_time_login: 0,
        created_at: now(),
      });
      await record(ctx, 'member.trial', id, undefined, username);
      const result = await openSession(ctx, (await findMemberById(db, id))!, false, 'none');
      return { ...result, trialName: username };
    },

    /** Free play is for types 0, 1 and 2 only (spec §6). */
    freeplay(member: { username: string; type: number }) {
      if (!FREEPLAY_TYPES.includes(member.type)) throw new AppError('FREE_REJECT');
      return { allowed: true as const, userName: member.username, type: member.type };
    },

    async logout(ctx: ClientContext, token: string, memberId: number) {
      await sessions.revoke(token);
      await record(ctx, 'member.logout', memberId);
    },

    async usernameAvailable(ctx: ClientContext, username: string): Promise<boolean> {
      const problems = registerFieldProblems('username', username, ctx.settings.register.username, {
        required: true,
      });
      if (problems.length) return false;
      return !(await accounts.usernameExists(db, ctx.operatorId, username));
    },

    affiliateValid: async (ctx: ClientContext, code: string) =>
      Boolean(await deps.agents.agentByCode(ctx.operatorId, code)),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
