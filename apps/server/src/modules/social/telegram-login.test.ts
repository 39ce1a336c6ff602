import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTelegramLogin, signTelegramLogin } from './telegram-login.ts';

const BOT = '123456789:AAFakeBotTokenForTests_abcdefghij';

describe('Telegram Login check', () => {
  const at = 1_790_000_000_000;
  const fields = { id: 42, first_name: 'Ana', username: 'ana_t', auth_date: at / 1000 - 5 };

  it('accepts data signed per the documented algorithm', () => {
    // Built by hand from Telegram's description, independent of signTelegramLogin.
    const dcs = `auth_date=${fields.auth_date}\nfirst_name=Ana\nid=42\nusername=ana_t`;
    const key = createHash('sha256').update(BOT).digest();
    const hash = createHmac('sha256', key).update(dcs).digest('hex');
    expect(checkTelegramLogin({ ...fields, hash }, BOT, at)).toEqual({
      ok: true,
      subject: '42',
      name: 'Ana',
    });
    expect(signTelegramLogin(fields, BOT).hash).toBe(hash);
  });

  it('refuses a changed field, another bot and stale data', () => {
    const signed = signTelegramLogin(fields, BOT);
    expect(checkTelegramLogin({ ...signed, id: 43 }, BOT, at)).toEqual({ ok: false, reason: 'hash' });
    expect(checkTelegramLogin(signed, `${BOT}x`, at)).toEqual({ ok: false, reason: 'hash' });
    expect(checkTelegramLogin({ ...signed, hash: 'zz' }, BOT, at)).toEqual({ ok: false, reason: 'hash' });
    expect(checkTelegramLogin(signed, BOT, at + 3600_000)).toEqual({ ok: false, reason: 'stale' });
  });
});
