import type { Generated } from 'kysely';

/** Timestamps are epoch milliseconds; flags are 0/1 integers so both dialects read them alike. */
export interface OperatorsTable {
  id: Generated<number>;
  code: string;
  name: string;
  created_at: number;
}

export interface OperatorSettingsTable {
  operator_id: number;
  document: string;
  version: number;
  updated_at: number;
}

export interface StaffUsersTable {
  id: Generated<number>;
  operator_id: number;
  username: string;
  password_hash: string;
  role: string;
  disabled: number;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  subject_type: 'staff' | 'member';
  subject_id: number;
  operator_id: number;
  created_at: number;
  last_seen_at: number;
  idle_expires_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
  device: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number;
  actor_type: string;
  actor_id: string | null;
  action: string;
  target: string | null;
  detail: string | null;
  ip: string | null;
  created_at: number;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  operator_id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  provider: string;
  created_at: number;
}

export interface ServerKeysTable {
  id: Generated<number>;
  kind: string;
  public_pem: string;
  private_pem: string;
  created_at: number;
}

/** Member types (spec §6): 0 member, 4 trial, 40 non-agent; any other type is an agent. */
export interface MembersTable {
  id: Generated<number>;
  operator_id: number;
  username: string;
  password_hash: string | null;
  type: number;
  status: 'active' | 'disabled';
  nickname: string | null;
  head_icon: string | null;
  mobile_num: string | null;
  country_dialing_code: string | null;
  email: string | null;
  birthday: string | null;
  currency: string;
  register_method: string | null;
  affiliate_code: string | null;
  recommender_id: string | null;
  /** JSON of the optional registration fields (qqNum, wechat, line, …). */
  profile: string | null;
  first_time_login: number;
  created_at: number;
  last_login_at: number | null;
}

export interface Database {
  members: MembersTable;
  operators: OperatorsTable;
  operator_settings: OperatorSettingsTable;
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  outbox_messages: OutboxMessagesTable;
  server_keys: ServerKeysTable;
}
