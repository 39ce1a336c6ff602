import type { Generated } from 'kysely';

/** Tables of the help centre and invite friends (migration 2026_11_27_0300_help_referral). */

export interface HelpTopicsTable {
  id: Generated<number>;
  operator_id: number;
  language: string;
  tag: string;
  tab_title: string;
  title: string;
  content: string;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** An operator's legal or responsible-gambling document in one language (issue 26). */
export interface LegalDocumentsTable {
  id: Generated<number>;
  operator_id: number;
  kind: string;
  language: string;
  title: string;
  content: string;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ReferralCodesTable {
  member_id: number;
  operator_id: number;
  code: string;
  created_at: number;
}

export interface ReferralsTable {
  id: Generated<number>;
  operator_id: number;
  referrer_id: number;
  friend_id: number;
  status: 'registered' | 'deposited' | 'qualified';
  first_deposit: number | null;
  reward: number | null;
  entry_id: number | null;
  created_at: number;
  deposited_at: number | null;
  qualified_at: number | null;
}

export interface ReferralSettingsTable {
  operator_id: number;
  document: string;
  updated_at: number;
}
