import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How old a Telegram sign-in may be; the redirect brings it back within seconds. */
export const TELEGRAM_MAX_AGE_S = 600;

export type TelegramCheck =
  { ok: true; subject: string; name: string | null } | { ok: false; reason: 'hash' | 'stale' };

/**
 * Checks Telegram Login data as Telegram documents it: the data-check-string is every received field
 * except `hash`, sorted by name, as `key=value` lines joined by "\n"; the hash is its HMAC-SHA-256
 * keyed with SHA-256(bot token); `auth_date` (seconds) must be recent.
 */
export function checkTelegramLogin(
  data: Record<string, string | number | undefined>,
  botToken: string,
  nowMs: number,
  maxAgeS = TELEGRAM_MAX_AGE_S,
): TelegramCheck {
  const { hash, ...fields } = data;
  const dataCheckString = Object.keys(fields)
    .filter((k) => fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString).digest();
  const given = Buffer.from(String(hash ?? ''), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'hash' };
  const authDate = Number(fields.auth_date);
  const age = nowMs / 1000 - authDate;
  if (!Number.isFinite(authDate) || age > maxAgeS || age < -60) return { ok: false, reason: 'stale' };
  const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ') || fields.username;
  return { ok: true, subject: String(fields.id), name: name ? String(name) : null };
}

/** Signs Telegram Login data the way Telegram does; for tests and local tools. */
export function signTelegramLogin<T extends Record<string, string | number>>(
  fields: T,
  botToken: string,
): T & { hash: string } {
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(dataCheckString).digest('hex') };
}
