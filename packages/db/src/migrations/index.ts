import type { Migration } from 'kysely';
import * as foundation from './2026_11_22_0001_foundation.ts';
import * as members from './2026_11_22_0002_members.ts';
import * as auth from './2026_11_23_0100_auth.ts';
import * as passwordResets from './2026_11_23_0200_password_resets.ts';
import * as lobby from './2026_11_23_0300_lobby.ts';
import * as social from './2026_11_23_0400_social.ts';
import * as ledger from './2026_11_25_0100_ledger.ts';
import * as staffSecurity from './2026_11_25_0200_staff_security.ts';
import * as responsibleGambling from './2026_11_25_0300_responsible_gambling.ts';
import * as transferWallet from './2026_11_25_0500_transfer_wallet.ts';
import * as demoVendors from './2026_11_25_0900_demo_vendors.ts';
import * as play from './2026_11_25_1010_play.ts';
import * as payments from './2026_11_25_1215_payments.ts';
import * as paymentsCompletion from './2026_11_27_0100_payments_completion.ts';
import * as inboxFeedback from './2026_11_27_0200_inbox_feedback.ts';
import * as helpReferral from './2026_11_27_0300_help_referral.ts';
import * as promotions from './2026_11_27_0400_promotions.ts';
import * as rewards from './2026_11_27_0500_rewards.ts';
import * as vipRebate from './2026_11_27_0600_vip_rebate.ts';
import * as memberLimits from './2026_11_27_0900_member_limits.ts';
import * as staffAccounts from './2026_11_28_0100_staff_accounts.ts';
import * as chat from './2026_11_28_0200_chat.ts';
import * as draws from './2026_11_28_0700_draws.ts';
import * as chatCannedReplies from './2026_11_29_2100_chat_canned_replies.ts';
import * as agents from './2026_11_29_2210_agents.ts';
import * as bingo from './2026_11_29_2300_bingo.ts';
import * as agentContracts from './2026_11_29_2310_agent_contracts.ts';
import * as ledgerFunctions from './2026_11_30_0100_ledger_functions.ts';
import * as legalDocuments from './2026_11_30_0200_legal_documents.ts';
import * as memberDesk from './2026_12_01_0100_member_desk.ts';
import * as launchSessions from './2026_12_01_0200_launch_sessions.ts';
import * as memberTwoFactor from './2026_12_01_0210_member_two_factor.ts';
import * as signInDevices from './2026_12_01_0220_sign_in_devices.ts';
import * as operatorStatus from './2026_12_01_0300_operator_status.ts';
import * as platformOwners from './2026_12_01_0310_platform_owners.ts';
import * as reportTotals from './2026_12_01_0400_report_totals.ts';
import * as jackpotHits from './2026_12_01_0500_jackpot_hits.ts';

/** Every migration in order. Names are timestamps; a migration never changes once released. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0002_members': members,
  '2026_11_23_0100_auth': auth,
  '2026_11_23_0200_password_resets': passwordResets,
  '2026_11_23_0300_lobby': lobby,
  '2026_11_23_0400_social': social,
  '2026_11_25_0100_ledger': ledger,
  '2026_11_25_0200_staff_security': staffSecurity,
  '2026_11_25_0300_responsible_gambling': responsibleGambling,
  '2026_11_25_0500_transfer_wallet': transferWallet,
  '2026_11_25_0900_demo_vendors': demoVendors,
  '2026_11_25_1010_play': play,
  '2026_11_25_1215_payments': payments,
  '2026_11_27_0100_payments_completion': paymentsCompletion,
  '2026_11_27_0200_inbox_feedback': inboxFeedback,
  '2026_11_27_0300_help_referral': helpReferral,
  '2026_11_27_0400_promotions': promotions,
  '2026_11_27_0500_rewards': rewards,
  '2026_11_27_0600_vip_rebate': vipRebate,
  '2026_11_27_0900_member_limits': memberLimits,
  '2026_11_28_0100_staff_accounts': staffAccounts,
  '2026_11_28_0200_chat': chat,
  '2026_11_28_0700_draws': draws,
  '2026_11_29_2100_chat_canned_replies': chatCannedReplies,
  '2026_11_29_2210_agents': agents,
  '2026_11_29_2300_bingo': bingo,
  '2026_11_29_2310_agent_contracts': agentContracts,
  '2026_11_30_0100_ledger_functions': ledgerFunctions,
  '2026_11_30_0200_legal_documents': legalDocuments,
  '2026_12_01_0100_member_desk': memberDesk,
  '2026_12_01_0200_launch_sessions': launchSessions,
  '2026_12_01_0210_member_two_factor': memberTwoFactor,
  '2026_12_01_0220_sign_in_devices': signInDevices,
  '2026_12_01_0300_operator_status': operatorStatus,
  '2026_12_01_0310_platform_owners': platformOwners,
  '2026_12_01_0400_report_totals': reportTotals,
  '2026_12_01_0500_jackpot_hits': jackpotHits,
};
