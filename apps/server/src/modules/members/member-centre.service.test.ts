import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile, shortenIp } from './member-centre.service.ts';

describe('member centre masking', () => {
  it('masks contact details so the owner recognises them', () => {
    expect(maskEmail('alice.smith@example.com')).toBe('al***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskMobile('9171234567')).toBe('****4567');
  });

  it('shortens addresses to the network, for IPv4, mapped IPv4 and IPv6', () => {
    expect(shortenIp('203.0.113.57')).toBe('203.0.113.x');
    expect(shortenIp('::ffff:198.51.100.7')).toBe('198.51.100.x');
    expect(shortenIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3:…');
    expect(shortenIp(null)).toBeNull();
  });
});
