import { describe, expect, it } from 'vitest';
import { createRegionService, countryOf } from './region.service.ts';

const base = { maintenance: false, regionRestriction: false, blockedCountries: [], blockedIpRanges: [] };

describe('region service', () => {
  const region = createRegionService();

  it('looks countries up in the shipped GeoIP database', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('127.0.0.1')).toBeNull();
    expect(countryOf('not-an-ip')).toBeNull();
  });

  it('blocks listed IPv4 and IPv6 ranges and single addresses', () => {
    const status = { ...base, blockedIpRanges: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'] };
    expect(region.statusFor('203.0.113.9', status).status).toBe(2);
    expect(region.statusFor('::ffff:203.0.113.9', status).status).toBe(2);
    expect(region.statusFor('2001:db8::1', status).status).toBe(2);
    expect(region.statusFor('198.51.100.7', status).status).toBe(2);
    expect(region.statusFor('198.51.100.8', status).status).toBe(0);
  });

  it('blocks countries only while region restriction is on', () => {
    const status = { ...base, blockedCountries: ['US'] };
    expect(region.statusFor('8.8.8.8', status).status).toBe(0);
    expect(region.statusFor('8.8.8.8', { ...status, regionRestriction: true }).status).toBe(2);
  });

  it('reports maintenance even when the visitor is also blocked', () => {
    const status = { ...base, maintenance: true, regionRestriction: true, blockedCountries: ['US'] };
    expect(region.statusFor('8.8.8.8', status).status).toBe(1);
  });

  it('gates requests exactly as it reports the status', () => {
    const statuses = [
      base,
      { ...base, maintenance: true },
      { ...base, regionRestriction: true, blockedCountries: ['US'] },
      { ...base, regionRestriction: true, blockedCountries: ['DE'] },
      { ...base, blockedCountries: ['US'] },
      { ...base, blockedIpRanges: ['8.8.8.0/24'] },
    ];
    for (const status of statuses)
      for (const ip of ['8.8.8.8', '::ffff:8.8.8.8', '127.0.0.1', '203.0.113.9'])
        expect(region.gate(ip, status)).toBe(region.statusFor(ip, status).status);
  });

  it('applies changed rules at once although countries are remembered', () => {
    const small = createRegionService(2);
    const status = { ...base, regionRestriction: true, blockedCountries: ['US'] };
    expect(small.gate('8.8.8.8', status)).toBe(2);
    expect(small.gate('8.8.8.8', { ...status, blockedCountries: ['DE'] })).toBe(0);
    // More addresses than the cache holds: evicted ones are looked up again, with the same answer.
    for (const ip of ['1.1.1.1', '9.9.9.9', '8.8.8.8', '127.0.0.1', '8.8.8.8'])
      expect(small.countryOf(ip)).toBe(countryOf(ip));
    expect(small.statusFor('8.8.8.8', status)).toEqual({ status: 2, country: 'US' });
  });
});
