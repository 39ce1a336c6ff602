import { MEMBER_TYPE, NON_AGENT_TYPES } from '@playhouse/contract/account';
import {
  AVATAR_IDS,
  DEFAULT_AVATAR,
  type AvatarId,
  type MemberProfile,
  type MemberSession,
} from '@playhouse/contract/member-centre';
import { PATTERNS, type OperatorSettings } from '@playhouse/contract/settings';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AuthenticatedMember } from './member-auth.service.ts';
import { findMemberById } from './members.repository.ts';
import { findMemberWithRank } from '../vip/vip.repository.ts';
import {
  findOperatorMember,
  updateHeadIcon,
  updateNickname,
  updateStatus,
} from './member-profile.repository.ts';
import { listLiveMemberSessions, revokeMemberSession } from './member-sessions.repository.ts';

const isAvatar = (v: string | null): v is AvatarId =>
  v !== null && (AVATAR_IDS as readonly string[]).includes(v);

/** `jo***@example.com`: enough for the owner to recognise, little for someone looking over a shoulder. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/** `****1234` */
export function maskMobile(mobile: string): string {
  return `****${mobile.slice(-4)}`;
}

/** `203.0.113.x` / `2001:db8:1:2:…`: a session list should help recognise a device, not locate it. */
export function shortenIp(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.x`;
  return `${ip.split(':').slice(0, 4).join(':')}:…`;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The member centre: profile, nickname, head icon and the member's own sessions. */
export function createMemberCentreService(db: Db, sessions: SessionsService, audit: AuditService) {
  async function own(who: AuthenticatedMember) {
    const member = await findMemberById(db, who.id);
    if (!member || member.status !== 'active') throw new AppError('SESSION_EXPIRED');
    return member;
  }

  return {
    async profile(who: AuthenticatedMember): Promise<MemberProfile> {
      // The member and their rank's name in one read.
      const found = await findMemberWithRank(db, who.id);
      if (!found || found.member.status !== 'active') throw new AppError('SESSION_EXPIRED');
      const m = found.member;
      const type = Number(m.type);
      return {
        id: Number(m.id),
        account: m.username,
        nickname: m.nickname,
        headIcon: isAvatar(m.head_icon) ? m.head_icon : DEFAULT_AVATAR,
        type,
        regDate: isoDate(Number(m.created_at)),
        toUpline: !NON_AGENT_TYPES.includes(type) && type !== 2,
        // The name of the member's VIP rank (the header shows it when VIP is on).
        clubLabel: found.clubLabel,
        email: m.email ? maskEmail(m.email) : null,
        mobileNum: m.mobile_num ? maskMobile(m.mobile_num) : null,
        countryDialingCode: m.country_dialing_code,
        lastLoginAt: m.last_login_at === null ? null : Number(m.last_login_at),
        currency: m.currency,
      };
    },

    /** Nickname by the operator's `register.nickname` length and pattern. */
    async setNickname(who: AuthenticatedMember, nickname: string, settings: OperatorSettings) {
      if (who.type === MEMBER_TYPE.TRIAL) throw new AppError('FORBIDDEN');
      const rule = settings.register.nickname;
      if (nickname.length < rule.minLength) throw fieldError('nickname', 'tooShort', { min: rule.minLength });
      if (nickname.length > rule.maxLength) throw fieldError('nickname', 'tooLong', { max: rule.maxLength });
      if (!new RegExp(PATTERNS[rule.patternId], 'u').test(nickname))
        throw fieldError('nickname', 'nameFormat');
      await own(who);
      await updateNickname(db, who.id, nickname);
      return { nickname };
    },

    async headIcon(who: AuthenticatedMember) {
      const m = await own(who);
      return { headIcon: isAvatar(m.head_icon) ? m.head_icon : DEFAULT_AVATAR, choices: [...AVATAR_IDS] };
    },

    async setHeadIcon(who: AuthenticatedMember, headIcon: AvatarId) {
      await own(who);
      await updateHeadIcon(db, who.id, headIcon);
      return { headIcon, choices: [...AVATAR_IDS] };
    },

    async sessions(who: AuthenticatedMember): Promise<{ list: MemberSession[] }> {
      const rows = await listLiveMemberSessions(db, who.id, now());
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          createdAt: Number(r.created_at),
          lastSeenAt: Number(r.last_seen_at),
          expiresAt: Number(r.expires_at),
          ip: shortenIp(r.ip),
          device: r.device,
          userAgent: r.user_agent,
          current: Number(r.id) === who.sessionId,
        })),
      };
    },

    /** Ends one of the member's own sessions; any other id is NOT_FOUND, whoever owns it. */
    async revokeSession(who: AuthenticatedMember, sessionId: number, ip: string) {
      const revoked = await revokeMemberSession(db, who.id, sessionId, now());
      if (!revoked) throw new AppError('NOT_FOUND');
      await audit.record({
        operatorId: who.operatorId,
        actorType: 'member',
        actorId: String(who.id),
        action: 'member.session.revoked',
        target: `session:${sessionId}`,
        ip,
      });
      return { revoked };
    },

    /** Ends every session of the member except the one making the request. */
    async revokeOtherSessions(who: AuthenticatedMember, ip: string) {
      const revoked = await sessions.revokeAll('member', who.id, who.sessionId);
      await audit.record({
        operatorId: who.operatorId,
        actorType: 'member',
        actorId: String(who.id),
        action: 'member.session.revoked.others',
        detail: { revoked },
        ip,
      });
      return { revoked };
    },

    /** Back office: opens or closes an account; closing it ends every session at once. */
    async setStatus(
      operatorId: number,
      memberId: number,
      status: 'active' | 'disabled',
      staff: { id: number; ip: string },
    ) {
      const member = await findOperatorMember(db, operatorId, memberId);
      if (!member) throw new AppError('NOT_FOUND');
      await updateStatus(db, memberId, status);
      const revokedSessions = status === 'disabled' ? await sessions.revokeAll('member', memberId) : 0;
      await audit.record({
        operatorId,
        actorType: 'staff',
        actorId: String(staff.id),
        action: 'member.status',
        target: `member:${memberId}`,
        detail: { from: member.status, to: status, revokedSessions },
        ip: staff.ip,
      });
      return { id: memberId, status, revokedSessions };
    },
  };
}
export type MemberCentreService = ReturnType<typeof createMemberCentreService>;
