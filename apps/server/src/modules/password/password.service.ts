import type { LanguageCode } from '@playhouse/contract/languages';
import { MEMBER_TYPE, type LoginResult } from '@playhouse/contract/account';
import type {
  ChangePasswordBody,
  ForgotByEmailBody,
  ResetByToken,
  SetPasswordByPhone,
} from '@playhouse/contract/password';
import type { OperatorSettings } from '@playhouse/contract/settings';
import type { MembersTable } from '@playhouse/db/schema';
import type { Selectable } from 'kysely';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { assertPasswordAllowed, passwordProblems } from '../../lib/password-policy.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { MEMBER_SESSION, type AuthenticatedMember } from '../members/member-auth.service.ts';
import { findMemberById, findMemberByUsername } from '../members/members.repository.ts';
import {
  findMembersByMobile,
  findOperatorMember,
  updateLastLogin,
  updatePasswordHash,
} from '../members/member-profile.repository.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { normalizeMobile } from '../verification/mobile.ts';
import { verifyAndConsumeSmsCode } from '../verification/verification.service.ts';
import {
  closeOpenResets,
  consumeReset,
  countResetsSince,
  findLiveReset,
  insertResetToken,
} from './password-reset.repository.ts';

/** How long an e-mailed reset link works. */
export const RESET_TTL_MS = 30 * 60_000;
/** Reset mails one account receives per hour at most; further requests succeed silently. */
export const RESETS_PER_HOUR = 3;

type Member = Selectable<MembersTable>;

export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
  device?: string | undefined;
}

export interface RequestContext {
  operatorId: number;
  settings: OperatorSettings;
  language: LanguageCode;
}

const mailText = createTranslator('member');

/**
 * Forgot, reset and change password. Resets by e-mail never say whether the account exists (see
 * docs/decisions/005-password-reset-enumeration.md); every completed reset ends all sessions.
 */
export function createPasswordService(deps: {
  db: Db;
  audit: AuditService;
  sessions: SessionsService;
  outbox: OutboxService;
}) {
  const { db, audit, sessions, outbox } = deps;
  // Reset mails leave after the response, so neither timing nor an SMTP failure tells a stranger
  // whether the account exists; tests and shutdown can wait for them.
  const pending = new Set<Promise<unknown>>();
  const inBackground = (work: Promise<unknown>) => {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const assertNewPassword = (member: Member, password: string, settings: OperatorSettings) =>
    assertPasswordAllowed(password, {
      username: member.username,
      rule: settings.register.password,
      field: 'newPassword',
    });

  async function openSession(member: Member, client: ClientInfo): Promise<LoginResult> {
    const { token, expiresAt } = await sessions.create(
      { type: 'member', id: Number(member.id), operatorId: Number(member.operator_id) },
      MEMBER_SESSION,
      client,
    );
    await updateLastLogin(db, Number(member.id), now());
    return {
      token,
      userName: member.username,
      type: Number(member.type),
      firstTimeLogin: Boolean(member.first_time_login),
      expiresAt,
    };
  }

  /** Stores the new password and ends every session: whoever knew the old one is signed out. */
  async function replacePassword(member: Member, password: string, extra?: (trx: Db) => Promise<void>) {
    const hash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      await extra?.(trx);
      await updatePasswordHash(trx, Number(member.id), hash);
      await closeOpenResets(trx, Number(member.id), now());
    });
    return sessions.revokeAll('member', Number(member.id));
  }

  /** Issues a new reset link (closing older ones) and mails it, within the hourly cap. */
  async function sendResetLink(
    ctx: RequestContext & { siteUrl: string },
    member: Member,
    client: ClientInfo,
    at: number,
  ) {
    const memberId = Number(member.id);
    if ((await countResetsSince(db, memberId, at - 3600_000)) >= RESETS_PER_HOUR) return;

    const token = newToken();
    await db.transaction().execute(async (trx) => {
      await closeOpenResets(trx, memberId, at);
      await insertResetToken(trx, {
        operatorId: ctx.operatorId,
        memberId,
        tokenHash: hashToken(token),
        at,
        expiresAt: at + RESET_TTL_MS,
        ip: client.ip,
      });
    });
    const link = `${ctx.siteUrl}/m/forget?token=${token}`;
    const t = (key: string, params?: Record<string, string | number>) =>
      mailText(ctx.language, `mail.reset.${key}`, params);
    const params = {
      name: member.nickname || member.username,
      site: ctx.settings.site.name,
      minutes: RESET_TTL_MS / 60_000,
    };
    const text = [
      t('greeting', params),
      t('intro', params),
      link,
      t('code', { code: token }),
      t('expiry', params),
      t('ignore', params),
    ];
    await outbox
      .send({
        operatorId: ctx.operatorId,
        channel: 'email',
        recipient: member.email!,
        subject: t('subject', params),
        body: text.join('\n\n'),
        logBody: [t('greeting', params), t('intro', params), '[link removed]', t('expiry', params)].join(
          '\n\n',
        ),
      })
      .catch((error: unknown) =>
        audit.record({
          operatorId: ctx.operatorId,
          actorType: 'system',
          action: 'member.password.reset.undelivered',
          target: `member:${memberId}`,
          detail: { error: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
        }),
      );
  }

  return {
    /**
     * Sends a reset link when username and e-mail belong to the same active account; answers the
     * same way whether or not they do.
     */
    async requestEmailReset(
      ctx: RequestContext & { siteUrl: string },
      body: ForgotByEmailBody,
      client: ClientInfo,
    ): Promise<void> {
      if (!ctx.settings.whitelabel.PSWMAIL3) throw new AppError('FORBIDDEN');
      const at = now();
      const member = await findMemberByUsername(db, ctx.operatorId, body.username);
      const matches =
        member !== undefined &&
        member.status === 'active' &&
        Number(member.type) !== MEMBER_TYPE.TRIAL &&
        member.email !== null &&
        member.email.trim().toLowerCase() === body.email.toLowerCase();
      await audit.record({
        operatorId: ctx.operatorId,
        actorType: 'guest',
        actorId: body.username.slice(0, 64),
        action: 'member.password.reset.requested',
        target: matches ? `member:${member.id}` : null,
        detail: { matched: matches },
        ip: client.ip,
      });
      if (!matches) return;
      // The rest runs after the answer, so a matching account answers as fast as any other.
      inBackground(
        sendResetLink(ctx, member, client, at).catch((error: unknown) =>
          audit.record({
            operatorId: ctx.operatorId,
            actorType: 'system',
            action: 'member.password.reset.failed',
            target: `member:${member.id}`,
            detail: { error: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
          }),
        ),
      );
    },

    /** Finishes an e-mailed reset: sets the password, ends every session and opens a new one. */
    async resetWithToken(ctx: RequestContext, body: ResetByToken, client: ClientInfo): Promise<LoginResult> {
      if (body.newPassword !== body.confirmNewPassword)
        throw fieldError('confirmNewPassword', 'passwordMismatch');
      const at = now();
      const reset = await findLiveReset(db, ctx.operatorId, hashToken(body.token), at);
      const member = reset
        ? await findOperatorMember(db, ctx.operatorId, Number(reset.member_id))
        : undefined;
      if (!reset || !member || member.status !== 'active') throw new AppError('RESET_TOKEN_INVALID');
      // Checked before the link is used up, so a weak password can be corrected with the same link.
      assertNewPassword(member, body.newPassword, ctx.settings);
      await replacePassword(member, body.newPassword, async (trx) => {
        // Two submissions of one link race here: only the first update finds it open.
        if (!(await consumeReset(trx, Number(reset.id), at))) throw new AppError('RESET_TOKEN_INVALID');
      });
      await audit.record({
        operatorId: ctx.operatorId,
        actorType: 'member',
        actorId: String(member.id),
        action: 'member.password.reset',
        target: `member:${member.id}`,
        detail: { by: 'email' },
        ip: client.ip,
      });
      return openSession(member, client);
    },

    /**
     * Set password by phone (spec §4): the SMS code proves the number, then the member is signed in.
     * Nothing about the account is revealed before the code checks out; when the new password is
     * refused (same as the old one, too weak) the code stays usable so only the password is retyped.
     */
    async setByPhone(
      ctx: RequestContext,
      body: SetPasswordByPhone,
      client: ClientInfo,
    ): Promise<LoginResult> {
      if (!ctx.settings.whitelabel.PSWPHONE3) throw new AppError('FORBIDDEN');
      const mobile = normalizeMobile(body.countryDialingCode, body.mobileNum);
      const [found] = await findMembersByMobile(db, ctx.operatorId, [mobile.dialingCode], mobile.national);
      const member =
        found && found.status === 'active' && Number(found.type) !== MEMBER_TYPE.TRIAL ? found : undefined;
      // Slow hashing happens outside the transaction; its answers are only used once the code is good.
      const problems = member
        ? passwordProblems(body.newPassword, {
            username: member.username,
            rule: ctx.settings.register.password,
          })
        : [];
      const sameAsOld = await verifyPassword(member?.password_hash ?? (await dummyHash()), body.newPassword);
      const hash = await hashPassword(body.newPassword);

      const failure = await db.transaction().execute(async (trx) => {
        try {
          await verifyAndConsumeSmsCode(trx, {
            operatorId: ctx.operatorId,
            purpose: 'reset-password',
            countryDialingCode: mobile.dialingCode,
            mobileNum: mobile.national,
            code: body.verificationCode,
          });
        } catch (error) {
          // Committed, so a wrong code still counts towards the code's attempt limit.
          return error;
        }
        // Throwing from here on rolls the code's use back.
        if (!member) throw new AppError('ACCOUNT_UNAVAILABLE');
        if (problems.length) throw new AppError('VALIDATION_FAILED', { fields: { newPassword: problems } });
        if (member.password_hash && sameAsOld) throw new AppError('PASSWORD_UNCHANGED');
        await updatePasswordHash(trx, Number(member.id), hash);
        await closeOpenResets(trx, Number(member.id), now());
        return undefined;
      });
      if (failure) throw failure;
      await sessions.revokeAll('member', Number(member!.id));
      await audit.record({
        operatorId: ctx.operatorId,
        actorType: 'member',
        actorId: String(member!.id),
        action: 'member.password.reset',
        target: `member:${member!.id}`,
        detail: { by: 'phone' },
        ip: client.ip,
      });
      return openSession(member!, client);
    },

    /** Change password (spec §4): the old password is always required; optionally ends other sessions. */
    async change(
      who: AuthenticatedMember,
      ctx: RequestContext,
      body: ChangePasswordBody,
      client: ClientInfo,
    ): Promise<{ signedOutSessions: number }> {
      if (who.type === MEMBER_TYPE.TRIAL) throw new AppError('FORBIDDEN');
      if (body.newPassword !== body.confirmNewPassword)
        throw fieldError('confirmNewPassword', 'passwordMismatch');
      if (body.newPassword === body.oldPassword) throw new AppError('PASSWORD_UNCHANGED');
      const member = await findMemberById(db, who.id);
      if (!member) throw new AppError('SESSION_EXPIRED');
      const valid = await verifyPassword(member.password_hash ?? (await dummyHash()), body.oldPassword);
      if (!valid || !member.password_hash) {
        await audit.record({
          operatorId: ctx.operatorId,
          actorType: 'member',
          actorId: String(who.id),
          action: 'member.password.change.failed',
          ip: client.ip,
        });
        throw new AppError('OLD_PASSWORD_INCORRECT');
      }
      assertNewPassword(member, body.newPassword, ctx.settings);
      const hash = await hashPassword(body.newPassword);
      await db.transaction().execute(async (trx) => {
        await updatePasswordHash(trx, who.id, hash);
        await closeOpenResets(trx, who.id, now());
      });
      // Other sessions end unless the member chose to keep them (ASVS: a credential change ends sessions).
      const signedOutSessions =
        body.signOutOthers !== false ? await sessions.revokeAll('member', who.id, who.sessionId) : 0;
      await audit.record({
        operatorId: ctx.operatorId,
        actorType: 'member',
        actorId: String(who.id),
        action: 'member.password.changed',
        target: `member:${who.id}`,
        detail: { signedOutSessions },
        ip: client.ip,
      });
      return { signedOutSessions };
    },

    /** Resolves when every reset mail started so far has been handed over (tests, shutdown). */
    idle: () => Promise.all([...pending]).then(() => undefined),
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
