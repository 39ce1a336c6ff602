import { z } from 'zod';

/**
 * The back office's permission matrix (docs/security.md): every `/bo/api` route declares one of these
 * where it is declared (`config: { permission }`), the server refuses a role without it with 403
 * ROLE_FORBIDDEN, and the console hides what a role cannot do. One table, read by both.
 */

/** Staff roles. `owner` is the first account (its role never changes); the others are given by an admin. */
export const STAFF_ROLES = ['owner', 'admin', 'finance', 'support', 'marketing'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Roles an owner or admin may give (nobody is made owner). */
export const ASSIGNABLE_ROLES = ['admin', 'finance', 'support', 'marketing'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * What a route needs. `public`: nobody signed in (sign-in, its second step, the captcha). `session`:
 * any staff session, an enrolment-only or must-change-password one included (one's own session and
 * second-factor enrolment, the password change). Every other permission needs a full session of a role
 * that holds it.
 */
export const STAFF_PERMISSIONS = [
  'self',
  'members.read',
  'members.write',
  'members.notes',
  'ledger.read',
  'wallet.adjust',
  'wallet.approve',
  'money.read',
  'money.decide',
  'money.summary',
  'money.configure',
  'uploads.read',
  'content.write',
  'feedback.answer',
  'chat.answer',
  'chat.configure',
  'promotions.read',
  'promotions.write',
  'promotions.decide',
  'rewards.read',
  'rewards.write',
  'vip.write',
  'referrals.read',
  'referrals.write',
  'agents.read',
  'agents.write',
  'agents.payout',
  'vendors.read',
  'vendors.write',
  'games.write',
  'draws.read',
  'draws.write',
  'settings.read',
  'settings.write',
  'staff.read',
  'staff.write',
  'audit.read',
  'outbox.read',
  'reports.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];
export type RoutePermission = StaffPermission | 'public' | 'session';

const EVERYONE: readonly StaffPermission[] = [
  'self',
  'members.read',
  'money.read',
  'uploads.read',
  'promotions.read',
  'rewards.read',
  'referrals.read',
  'settings.read',
  'draws.read',
];

/**
 * Owner and admin do everything. Finance moves and decides money (deposits, withdrawals, identity
 * documents, bonus approvals, adjustments and their approval) but configures nothing. Support reads
 * members and the queues, answers feedback and live chat (canned replies are configured by admins).
 * Marketing runs content, the game catalogue (switches, names, new and hot flags), promotions, rewards, VIP ranks and referral rules, and moves no money.
 * Finance and support add notes and tags to members; ending a member's session is an admin's.
 * Finance and support read the agent network; only owners and admins make agents and offer them
 * contracts; finance also approves and recomputes agents' commissions (a payout moves money).
 * Finance reads the dashboard and the reports (money in and out, GGR). Everyone reads the draw games' report. Vendor credentials, draw games' odds, schedules and voids,
 * settings, staff, the audit log and the outbox (which holds live codes when no provider is set) are
 * the owner's and admins' alone.
 */
export const ROLE_GRANTS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  admin: STAFF_PERMISSIONS,
  finance: [
    ...EVERYONE,
    'ledger.read',
    'wallet.adjust',
    'wallet.approve',
    'money.decide',
    'money.summary',
    'promotions.decide',
    'agents.read',
    'agents.payout',
    'members.notes',
    'reports.read',
  ],
  support: [...EVERYONE, 'feedback.answer', 'chat.answer', 'agents.read', 'members.notes'],
  marketing: [
    ...EVERYONE,
    'content.write',
    'promotions.write',
    'rewards.write',
    'vip.write',
    'referrals.write',
    'games.write',
  ],
};

/** Whether `role` holds `permission`; an unknown role holds nothing. */
export function staffCan(role: string | undefined, permission: RoutePermission): boolean {
  if (permission === 'public' || permission === 'session') return true;
  if (!role || !Object.hasOwn(ROLE_GRANTS, role)) return false;
  return ROLE_GRANTS[role as StaffRole].includes(permission);
}

// ---------- staff accounts ----------

/** Staff usernames: letters, digits, dots, dashes and underscores, 3–64, starting with a letter. */
export const StaffUserNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9._-]{2,63}$/, 'invalidFormat');
/** Staff passwords: 12–128 characters, not common, not the username (checked by the server). */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;
const staffPassword = z.string().min(1, 'required').max(STAFF_PASSWORD_MAX, 'tooLong');

export const StaffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  disabled: z.boolean(),
  twoFactor: z.boolean(),
  /** The password is one somebody else chose: the member of staff must change it at sign-in. */
  mustChangePassword: z.boolean(),
  createdAt: z.number(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

/** POST /bo/api/staff */
export const StaffCreateSchema = z
  .object({ userName: StaffUserNameSchema, password: staffPassword, role: z.enum(ASSIGNABLE_ROLES) })
  .strict();
export type StaffCreate = z.infer<typeof StaffCreateSchema>;
/** PUT /bo/api/staff/{id}/status */
export const StaffStatusSchema = z.object({ disabled: z.boolean() }).strict();
/** POST /bo/api/staff/{id}/password: a new password the member of staff must change at sign-in. */
export const StaffPasswordResetSchema = z.object({ password: staffPassword }).strict();
/** POST /bo/api/session/password: one's own password. */
export const StaffPasswordChangeSchema = z
  .object({ currentPassword: staffPassword, newPassword: staffPassword })
  .strict();
