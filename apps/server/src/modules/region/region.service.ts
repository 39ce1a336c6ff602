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

/** Decides a visitor's site status from the operator's status settings; block lists are memoised. */
export function createRegionService() {
  let cachedKey = '';
  let cachedList = new BlockList();

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

  return {
    countryOf,
    statusFor(
      ip: string,
      status: OperatorSettings['status'],
    ): { status: SiteStatus; country: string | null } {
      const country = countryOf(ip);
      if (status.maintenance) return { status: SITE_STATUS.MAINTENANCE, country };
      const regionBlocked =
        status.regionRestriction && country !== null && status.blockedCountries.includes(country);
      if (regionBlocked || ipBlocked(ip, status.blockedIpRanges))
        return { status: SITE_STATUS.BLOCKED, country };
      return { status: SITE_STATUS.NORMAL, country };
    },
  };
}
export type RegionService = ReturnType<typeof createRegionService>;
