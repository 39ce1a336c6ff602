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
});
