import { createHash } from 'node:crypto';
import type { LanguageCode } from '@playhouse/contract/languages';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { now } from '../../lib/clock.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import { shortenIp } from '../members/member-centre.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';

/** The browser's own id as sent (`X-Device-Id`), or nothing. */
export const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
const HISTORY_LIMIT = 20;

const t = createTranslator('inbox');

/** "Chrome on Android": enough for a member to recognise a device; never the raw string in a message. */
export function describeUserAgent(ua: string | undefined): string {
  if (!ua) return '?';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /(Chrome|Chromium)\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} · ${os}` : browser;
}

export interface SignInClient {
  operatorId: number;
  ip: string;
  userAgent?: string | undefined;
  deviceId?: string | undefined;
  language?: string | undefined;
}

/**
 * Sign-in devices and history: each sign-in is recorded with its device (the browser's own random id,
 * hashed; its user agent when it sends none) and country. A sign-in from a device or a country the
 * member never used before (and not their first sign-in) sends them an inbox message and, when they
 * have an e-mail address, an e-mail.
 */
export function createSignInAlertsService(deps: {
  db: Db;
  inbox: Pick<InboxService, 'send' | 'changed'>;
  outbox: Pick<OutboxService, 'send'>;
  countryOf: (ip: string) => string | null;
}) {
  const { db, inbox, outbox, countryOf } = deps;

  const deviceHash = (client: SignInClient) =>
    createHash('sha256')
      .update(
        client.deviceId && DEVICE_ID.test(client.deviceId)
          ? `id:${client.deviceId}`
          : `ua:${client.userAgent ?? ''}`,
      )
      .digest('hex');

  /** Whether this sign-in would be from a device or country the member has not used (read only). */
  async function isNew(client: SignInClient, memberId: number): Promise<boolean> {
    const any = await db
      .selectFrom('member_sign_ins')
      .select('id')
      .where('member_id', '=', memberId)
      .limit(1)
      .executeTakeFirst();
    if (!any) return false;
    const known = await db
      .selectFrom('member_devices')
      .select('id')
      .where('member_id', '=', memberId)
      .where('device_hash', '=', deviceHash(client))
      .executeTakeFirst();
    if (!known) return true;
    const country = countryOf(client.ip);
    if (!country) return false;
    const seen = await db
      .selectFrom('member_sign_ins')
      .select('id')
      .where('member_id', '=', memberId)
      .where('country', '=', country)
      .limit(1)
      .executeTakeFirst();
    return !seen;
  }

  return {
    isNew,

    /** Records a sign-in (registration included) and alerts the member when its device or country is new. */
    async record(
      client: SignInClient,
      member: { id: number; email: string | null },
      options: { quiet?: boolean } = {},
    ) {
      const hash = deviceHash(client);
      const country = countryOf(client.ip);
      const at = now();
      const ua = client.userAgent?.slice(0, 512) ?? null;
      const signIn = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('member_sign_ins')
          .select('id')
          .where('member_id', '=', member.id)
          .limit(1)
          .executeTakeFirst();
        const device = await trx
          .insertInto('member_devices')
          .values({
            operator_id: client.operatorId,
            member_id: member.id,
            device_hash: hash,
            user_agent: ua,
            first_seen_at: at,
            last_seen_at: at,
          })
          .onConflict((oc) =>
            oc.columns(['member_id', 'device_hash']).doUpdateSet({ last_seen_at: at, user_agent: ua }),
          )
          .returning('first_seen_at')
          .executeTakeFirstOrThrow();
        const countrySeen =
          country === null
            ? true
            : Boolean(
                await trx
                  .selectFrom('member_sign_ins')
                  .select('id')
                  .where('member_id', '=', member.id)
                  .where('country', '=', country)
                  .limit(1)
                  .executeTakeFirst(),
              );
        const newDevice = Boolean(before) && Number(device.first_seen_at) === at;
        const newCountry = Boolean(before) && !countrySeen;
        const row = await trx
          .insertInto('member_sign_ins')
          .values({
            operator_id: client.operatorId,
            member_id: member.id,
            device_hash: hash,
            ip: client.ip.slice(0, 64),
            country,
            user_agent: ua,
            new_device: newDevice ? 1 : 0,
            new_country: newCountry ? 1 : 0,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const alert = (newDevice || newCountry) && !options.quiet;
        if (alert)
          await inbox.send(trx, {
            operatorId: client.operatorId,
            memberId: member.id,
            kind: 'new_sign_in',
            params: {
              device: describeUserAgent(client.userAgent),
              place: `${country ?? '—'} · ${client.ip}`,
            },
            dedupeKey: `sign-in:${Number(row.id)}`,
          });
        return { id: Number(row.id), alert };
      });
      if (!signIn.alert) return;
      inbox.changed(client.operatorId, member.id);
      if (member.email) {
        const language = (client.language ?? 'EN') as LanguageCode;
        const params = {
          device: describeUserAgent(client.userAgent),
          place: `${country ?? '—'} · ${client.ip}`,
        };
        // The e-mail is a courtesy: a mail server that refuses it does not undo the sign-in.
        await outbox
          .send({
            operatorId: client.operatorId,
            channel: 'email',
            recipient: member.email,
            subject: t(language, 'messages.new_sign_in.title'),
            body: t(language, 'messages.new_sign_in.body', params),
          })
          .catch(() => undefined);
      }
    },

    /** The member's devices (latest first) and last sign-ins, for the security centre. */
    async history(operatorId: number, memberId: number) {
      const [devices, signIns] = await Promise.all([
        db
          .selectFrom('member_devices')
          .select(['id', 'user_agent', 'first_seen_at', 'last_seen_at'])
          .where('operator_id', '=', operatorId)
          .where('member_id', '=', memberId)
          .orderBy('last_seen_at', 'desc')
          .limit(HISTORY_LIMIT)
          .execute(),
        db
          .selectFrom('member_sign_ins')
          .select(['id', 'ip', 'country', 'user_agent', 'new_device', 'new_country', 'created_at'])
          .where('operator_id', '=', operatorId)
          .where('member_id', '=', memberId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(HISTORY_LIMIT)
          .execute(),
      ]);
      return {
        devices: devices.map((d) => ({
          id: Number(d.id),
          device: describeUserAgent(d.user_agent ?? undefined),
          firstSeenAt: Number(d.first_seen_at),
          lastSeenAt: Number(d.last_seen_at),
        })),
        signIns: signIns.map((s) => ({
          id: Number(s.id),
          device: describeUserAgent(s.user_agent ?? undefined),
          // As the signed-in devices list shows addresses: the last part hidden.
          ip: shortenIp(s.ip),
          country: s.country,
          newDevice: Number(s.new_device) === 1,
          newCountry: Number(s.new_country) === 1,
          at: Number(s.created_at),
        })),
      };
    },
  };
}
export type SignInAlertsService = ReturnType<typeof createSignInAlertsService>;
