import { describe, expect, it } from 'vitest';
import { referralOffered } from '../../shell/route-flags.ts';

const on = { promotions: { APP_DOWNLOAD: true, REFERRAL: true } };
const off = { promotions: { APP_DOWNLOAD: true, REFERRAL: false } };

describe('referral entry (spec §6)', () => {
  it('is offered to guests whatever the promotion', () => {
    expect(referralOffered(undefined, on)).toBe(true);
    expect(referralOffered(undefined, off)).toBe(true);
  });

  it('is offered to non-agents only while REFERRAL is on', () => {
    for (const type of [0, 4, 40]) {
      expect(referralOffered(type, on)).toBe(true);
      expect(referralOffered(type, off)).toBe(false);
    }
    expect(referralOffered(0, undefined)).toBe(false);
  });

  it('is never offered to agents', () => {
    for (const type of [1, 2, 41, 42]) expect(referralOffered(type, on)).toBe(false);
  });
});
