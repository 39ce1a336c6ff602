import type { LanguageCode } from '@playhouse/contract/languages';
import type { ContactBindRequest, ContactCodeRequest } from '@playhouse/contract/payments';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthenticatedMember } from '../members/member-auth.service.ts';
import { maskEmail, maskMobile } from '../members/member-centre.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import { normalizeMobile, type Mobile } from '../verification/mobile.ts';
import { lockSubject } from '../verification/verification.repository.ts';
import type { VerificationService } from '../verification/verification.service.ts';

/** Both spellings a dialing code has been stored with ("+63" by registration, "63" by older rows). */
const dialingCodes = (code: string) => [code, code.replace(/^\+/, '')];

const mobileTaken = () => new AppError('MOBILE_TAKEN', { fields: { mobileNum: [{ key: 'mobileTaken' }] } });
const emailTaken = () => new AppError('EMAIL_TAKEN', { fields: { email: [{ key: 'emailTaken' }] } });

/**
 * Binding a phone number or an e-mail address in the security centre (decision 018). The member asks
 * for a code to the new address (the verification module's code, resend countdown and hourly limits;
 * e-mail codes follow the same rules), then sends it back; the address is bound to the profile. A
 * member who already has one bound also gives the login password to change it. An address bound to
 * another member of the operator is refused (MOBILE_TAKEN / EMAIL_TAKEN), checked again under the
 * address's lock when binding so two members cannot take one address at once.
 */
export function createContactService(deps: {
  db: Db;
  audit: AuditService;
  verification: VerificationService;
}) {
  const { db, audit, verification } = deps;

  async function member(who: AuthenticatedMember) {
    return db
      .selectFrom('members')
      .select(['id', 'mobile_num', 'country_dialing_code', 'email', 'password_hash'])
      .where('id', '=', who.id)
      .executeTakeFirstOrThrow();
  }

  async function phoneOwner(trx: Db, operatorId: number, mobile: Mobile) {
    return trx
      .selectFrom('members')
      .select('id')
      .where('operator_id', '=', operatorId)
      .where('country_dialing_code', 'in', dialingCodes(mobile.dialingCode))
      .where('mobile_num', '=', mobile.national)
      .execute();
  }

  async function emailOwner(trx: Db, operatorId: number, email: string) {
    return trx
      .selectFrom('members')
      .select('id')
      .where('operator_id', '=', operatorId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .execute();
  }

  const address = (body: {
    kind: 'phone' | 'email';
    countryDialingCode?: string | undefined;
    mobileNum?: string | undefined;
    email?: string | undefined;
  }) =>
    body.kind === 'phone'
      ? {
          kind: 'phone' as const,
          mobile: normalizeMobile(body.countryDialingCode ?? '', body.mobileNum ?? ''),
        }
      : { kind: 'email' as const, email: (body.email ?? '').trim().toLowerCase() };

  const view = (m: Awaited<ReturnType<typeof member>>) => ({
    mobileNum: m.mobile_num ? maskMobile(m.mobile_num) : null,
    countryDialingCode: m.country_dialing_code,
    email: m.email ? maskEmail(m.email) : null,
  });

  return {
    /** The member's bound phone and e-mail, masked. */
    async status(who: AuthenticatedMember) {
      return view(await member(who));
    },

    /** Sends a code to a new phone or e-mail address (not one another member has bound). */
    async requestCode(
      who: AuthenticatedMember,
      body: ContactCodeRequest,
      ctx: { siteName: string; language: LanguageCode; ip: string },
    ) {
      const target = address(body);
      if (target.kind === 'phone') {
        const owners = await phoneOwner(db, who.operatorId, target.mobile);
        if (owners.some((o) => Number(o.id) !== who.id)) throw mobileTaken();
        return verification.send({
          operatorId: who.operatorId,
          siteName: ctx.siteName,
          language: ctx.language,
          purpose: 'bind-phone',
          mobile: target.mobile,
          ip: ctx.ip,
        });
      }
      const owners = await emailOwner(db, who.operatorId, target.email);
      if (owners.some((o) => Number(o.id) !== who.id)) throw emailTaken();
      return verification.send({
        operatorId: who.operatorId,
        siteName: ctx.siteName,
        language: ctx.language,
        purpose: 'bind-email',
        mobile: { dialingCode: '', national: '', e164: target.email },
        email: target.email,
        ip: ctx.ip,
      });
    },

    /**
     * Binds the address once its code is right (the code is used up first, so wrong passwords cost
     * codes, which are limited per address and hour). Changing a bound one needs the login password.
     */
    async bind(who: AuthenticatedMember, body: ContactBindRequest, ip: string) {
      const target = address(body);
      const current = await member(who);
      const replacing = target.kind === 'phone' ? Boolean(current.mobile_num) : Boolean(current.email);
      if (target.kind === 'phone')
        await verification.verifyAndConsume({
          operatorId: who.operatorId,
          purpose: 'bind-phone',
          countryDialingCode: body.countryDialingCode ?? '',
          mobileNum: body.mobileNum ?? '',
          code: body.verificationCode,
        });
      else
        await verification.verifyEmailCode({
          operatorId: who.operatorId,
          purpose: 'bind-email',
          email: target.email,
          code: body.verificationCode,
        });
      if (replacing) {
        const right =
          current.password_hash && body.loginPassword
            ? await verifyPassword(current.password_hash, body.loginPassword)
            : false;
        if (!right)
          throw new AppError('OLD_PASSWORD_INCORRECT', {
            fields: { loginPassword: [{ key: body.loginPassword ? 'invalid' : 'required' }] },
          });
      }
      await db.transaction().execute(async (trx) => {
        const at = now();
        const subject = target.kind === 'phone' ? target.mobile.e164 : target.email;
        await lockSubject(trx, who.operatorId, 'sms-number', subject, at);
        if (target.kind === 'phone') {
          const owners = await phoneOwner(trx, who.operatorId, target.mobile);
          if (owners.some((o) => Number(o.id) !== who.id)) throw mobileTaken();
          await trx
            .updateTable('members')
            .set({ country_dialing_code: target.mobile.dialingCode, mobile_num: target.mobile.national })
            .where('id', '=', who.id)
            .execute();
        } else {
          const owners = await emailOwner(trx, who.operatorId, target.email);
          if (owners.some((o) => Number(o.id) !== who.id)) throw emailTaken();
          await trx.updateTable('members').set({ email: target.email }).where('id', '=', who.id).execute();
        }
        await audit.record(
          {
            operatorId: who.operatorId,
            actorType: 'member',
            actorId: String(who.id),
            action: target.kind === 'phone' ? 'member.phone.bound' : 'member.email.bound',
            target: `member:${who.id}`,
            detail: {
              replaced: replacing,
              to: target.kind === 'phone' ? maskMobile(target.mobile.national) : maskEmail(target.email),
            },
            ip,
          },
          trx,
        );
      });
      return view(await member(who));
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
