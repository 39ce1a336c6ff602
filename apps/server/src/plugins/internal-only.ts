import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { bearerToken } from '../lib/bearer.ts';

/** Routes for the people who run the site (metrics, API docs), matched on the routed pattern. */
const isInternalRoute = (route: string) =>
  route === '/metrics' || route === '/wps/docs' || route.startsWith('/wps/docs/');

/** A BlockList of addresses and CIDR ranges (`10.0.0.0/8`, `::1`); entries are checked by env.ts. */
export function networkList(ranges: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (ip) => {
    const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    const type = isIP(plain);
    return type !== 0 && list.check(plain, type === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * In production, /metrics and the API docs answer only a staff session or an address in
 * INTERNAL_NETWORKS; anyone else gets the 404 an unknown path gets, so a scan learns nothing. In
 * development and tests they stay open.
 */
export function registerInternalOnly(
  app: FastifyInstance,
  options: { production: boolean; internalNetworks: readonly string[] },
) {
  if (!options.production) return;
  const isInternal = networkList(options.internalNetworks);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !isInternalRoute(route) || isInternal(request.ip)) return;
    const token = bearerToken(request);
    const staff = token ? await app.services.staff.authenticate(token).catch(() => undefined) : undefined;
    if (!staff) throw new AppError('NOT_FOUND');
  });
}
