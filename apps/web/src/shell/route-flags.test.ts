import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFERED_FLAGS, SCREEN_FLAGS } from '@playhouse/contract/whitelabel-effects';
import { ROUTES } from '../app/routes.ts';
import { routeOffered, serviceEntries } from './route-flags.ts';

/** The player site's source, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [readFileSync(file, 'utf8')] : [];
  });
}

describe('whitelabel flags on the player site', () => {
  it('ties only offered flags to routes, and every screen flag to its screen', () => {
    for (const route of ROUTES) if (route.flag) expect(OFFERED_FLAGS, route.id).toContain(route.flag);
    const routeFlags = new Set(ROUTES.flatMap((r) => (r.flag ? [r.flag] : [])));
    expect([...routeFlags].sort()).toEqual([...SCREEN_FLAGS].sort());
  });

  it('reads every flag the back office offers', () => {
    const code = sources(path.resolve(import.meta.dirname, '..')).join('\n');
    const unread = OFFERED_FLAGS.filter((flag) => !code.includes(flag));
    expect(unread).toEqual([]);
  });

  it('leaves out screens whose flag is off, and judges nothing before the status is known', () => {
    const whitelabel = Object.fromEntries(OFFERED_FLAGS.map((f) => [f, true])) as never;
    const off = { whitelabel: { ...(whitelabel as object), DEPOSIT3: false, REFERRAL3: false } } as never;
    expect(routeOffered('/m/voucherCenter', off)).toBe(false);
    expect(routeOffered('/m/inviteFriends?code=1', off)).toBe(false);
    expect(routeOffered('/m/withdraw', off)).toBe(true);
    expect(routeOffered('/m/home', off)).toBe(true);
    expect(routeOffered('/m/voucherCenter', undefined)).toBe(true);
  });

  it('offers live chat only with its flag on', () => {
    const customerService = [
      { csType: 'LIVECHAT', title: 'Live chat', path: 'https://chat.example' },
      { csType: 'TELEGRAM', title: 'Telegram', path: 'https://t.me/x' },
    ];
    const info = (on: boolean) => ({ customerService, whitelabel: { LIVECHAT3: on } }) as never;
    expect(serviceEntries(info(true)).map((c) => c.csType)).toEqual(['LIVECHAT', 'TELEGRAM']);
    expect(serviceEntries(info(false)).map((c) => c.csType)).toEqual(['TELEGRAM']);
  });
});
