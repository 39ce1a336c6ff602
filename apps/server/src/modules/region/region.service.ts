import { BlockList, isIP } from 'node:net';
import geoip from 'geoip-country';
import { SITE_STATUS, type SiteStatus } from '@playhouse/contract/system';
import type { OperatorSettings } from '@playhouse/contract/settings';

/** Country of an address from the GeoIP database shipped in the geoip-country package. */
export function countryOf(ip: string): string | null {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return isIP(plain) ? (geoip.lookup(plain)?.country ?? null) : null;
}

function buildBlockList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) continue;
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

const COUNTRY_CACHE_SIZE = 10_000;

/**
 * Decides a visitor's site status from the operator's status settings. Block lists are memoised and
 * the country of recently seen addresses is kept (bounded, least recently used dropped first): the
 * GeoIP data does not change while the process runs, and settings still apply on the next request.
 */
export function createRegionService(countryCacheSize = COUNTRY_CACHE_SIZE) {
  let cachedKey = '';
  let cachedList = new BlockList();
  const countries = new Map<string, string | null>();

  function cachedCountryOf(ip: string): string | null {
    const hit = countries.get(ip);
    if (hit !== undefined) {
      // Re-inserting moves the address to the young end of the map's insertion order.
      countries.delete(ip);
      countries.set(ip, hit);
      return hit;
    }
    const country = countryOf(ip);
    if (countries.size >= countryCacheSize) countries.delete(countries.keys().next().value as string);
    countries.set(ip, country);
    return country;
  }

  function ipBlocked(ip: string, ranges: readonly string[]): boolean {
    if (ranges.length === 0) return false;
    const key = ranges.join(',');
    if (key !== cachedKey) {
      cachedList = buildBlockList(ranges);
      cachedKey = key;
    }
    const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    const type = isIP(plain);
    return type !== 0 && cachedList.check(plain, type === 6 ? 'ipv6' : 'ipv4');
  }

  function countryBlocked(ip: string, status: OperatorSettings['status']): boolean {
    if (!status.regionRestriction || status.blockedCountries.length === 0) return false;
    const country = cachedCountryOf(ip);
    return country !== null && status.blockedCountries.includes(country);
  }

  /** The visitor's status alone, for gating each request: no GeoIP lookup unless a country rule applies. */
  function gate(ip: string, status: OperatorSettings['status']): SiteStatus {
    if (status.maintenance) return SITE_STATUS.MAINTENANCE;
    if (countryBlocked(ip, status) || ipBlocked(ip, status.blockedIpRanges)) return SITE_STATUS.BLOCKED;
    return SITE_STATUS.NORMAL;
  }

  return {
    countryOf: cachedCountryOf,
    gate,
    /** The visitor's status and country, for the site-status answer. */
    statusFor(
      ip: string,
      status: OperatorSettings['status'],
    ): { status: SiteStatus; country: string | null } {
      return { status: gate(ip, status), country: cachedCountryOf(ip) };
    },
  };
}
export type RegionService = ReturnType<typeof createRegionService>;
