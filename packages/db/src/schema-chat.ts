import type { Generated } from 'kysely';

/** Tables of customer-service chat (migration 2026_11_28_0200_chat). */

export interface ChatConversationsTable {
  id: Generated<number>;
  operator_id: number;
  member_id: number | null;
  /** SHA-256 of a guest's token (hex); null for a member's conversation. */
  guest_token_hash: string | null;
  guest_name: string | null;
  guest_contact: string | null;
  language: string;
  /** WAITING | OPEN | CLOSED */
  status: string;
  staff_id: number | null;
  /** JSON array of tags staff set when closing. */
  tags: Generated<string>;
  rating: number | null;
  rating_comment: string | null;
  member_read_id: Generated<number>;
  staff_read_id: Generated<number>;
  created_at: number;
  last_message_at: number;
  closed_at: number | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  operator_id: number;
  conversation_id: number;
  /** member | guest | staff | system */
  sender: string;
  staff_id: number | null;
  body: string | null;
  upload_id: string | null;
  created_at: number;
}

/** Canned replies (migration 2026_11_29_2100_chat_canned_replies): one text per shortcut and language. */
export interface ChatCannedRepliesTable {
  id: Generated<number>;
  operator_id: number;
  shortcut: string;
  language: string;
  body: string;
  updated_at: number;
}
