import { describe, expect, it } from 'vitest';
import { secondsLeft } from './sms-countdown.ts';

describe('SMS resend countdown', () => {
  it('counts the resend seconds down from the expiration time', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_500)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });
});
