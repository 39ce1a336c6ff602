import { now } from '../../lib/clock.ts';
import * as repo from './operators.repository.ts';
import type { Db } from './operators.repository.ts';
import type { ChangeBus, Operator, SettingsService } from './settings.service.ts';

export interface SiteOperator extends Operator {
  status: 'active' | 'suspended';
  /** The primary domain (settings `site.mainDomain`) and the other domains, lower case. */
  domains: string[];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** A Host header's name: lower case, without port or trailing dot (`[::1]:8080` → `[::1]`). */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  const bare = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d*$/, '');
  return bare.replace(/\.$/, '');
}

export interface DirectoryOptions {
  /** How long a copy of the host map serves before it is read again (changes also drop it at once). */
  ttlMs?: number;
  /** Development and test: a loopback host (localhost, 127.0.0.1) is the default operator's. */
  loopbackIsDefault: boolean;
  /** The back office's own host (BACKOFFICE_HOST): the default operator's back office. */
  backOfficeHost?: string | undefined;
}

/**
 * Which operator a request is for, by the host it names (decision 039): each operator's settings list
 * its domains (`site.mainDomain` and `site.domains`), and the host map built from them is held in memory
 * for `ttlMs` and dropped at once when any operator's settings change here or on another instance
 * (the settings change bus), so an operator made in the platform console serves within seconds.
 * A host no operator names is nobody's (`undefined`), except where the platform has one operator
 * (any host is its, as before there were many) or, outside production, a loopback host.
 */
export function createOperatorDirectory(
  db: Db,
  settings: SettingsService,
  bus: ChangeBus,
  options: DirectoryOptions,
) {
  const ttlMs = options.ttlMs ?? 5000;
  const backOfficeHost = options.backOfficeHost ? hostName(options.backOfficeHost) : undefined;
  interface Snapshot {
    byHost: Map<string, SiteOperator>;
    byId: Map<number, SiteOperator>;
    all: SiteOperator[];
    loadedAt: number;
  }
  let current: Snapshot | undefined;
  let generation = 0;
  const drop = () => {
    current = undefined;
    generation += 1;
  };
  bus.subscribe(drop);

  async function load(): Promise<Snapshot> {
    const gen = generation;
    const rows = await repo.listOperators(db);
    const all: SiteOperator[] = [];
    const byHost = new Map<string, SiteOperator>();
    for (const row of rows) {
      const { settings: doc } = await settings.get(Number(row.id));
      const domains = [
        ...new Set(
          [doc.site.mainDomain, ...doc.site.domains.map((d) => d.domainName)].filter(Boolean).map(hostName),
        ),
      ];
      const operator: SiteOperator = {
        id: Number(row.id),
        code: row.code,
        name: row.name,
        status: row.status === 'suspended' ? 'suspended' : 'active',
        domains,
      };
      all.push(operator);
      // The oldest operator keeps a domain two name (settings refuse a taken domain; this is the tie).
      for (const domain of domains) if (!byHost.has(domain)) byHost.set(domain, operator);
    }
    const snapshot = { byHost, byId: new Map(all.map((o) => [o.id, o])), all, loadedAt: now() };
    if (gen === generation) current = snapshot;
    return snapshot;
  }

  async function snapshot(): Promise<Snapshot> {
    if (current && now() - current.loadedAt < ttlMs) return current;
    // Each request that finds the copy stale reads for itself, as the settings cache does: requests
    // that all waited on one shared read would all resume in the same turn, in lockstep.
    return load();
  }

  return {
    /** The operator a host names, or undefined (unknown host: the site-unavailable answer). */
    async resolve(host: string | undefined): Promise<SiteOperator | undefined> {
      const s = await snapshot();
      const name = hostName(host ?? '');
      const named = s.byHost.get(name);
      if (named) return named;
      const first = s.all[0];
      if (!first) return undefined;
      if (s.all.length === 1) return first;
      if (options.loopbackIsDefault && LOOPBACK.has(name)) return first;
      if (backOfficeHost && name === backOfficeHost) return first;
      return undefined;
    },

    async byId(id: number): Promise<SiteOperator | undefined> {
      return (await snapshot()).byId.get(id);
    },

    /** Every operator, oldest first. */
    async all(): Promise<SiteOperator[]> {
      return (await snapshot()).all;
    },

    /** The operator (other than `except`) that already names one of `domains`, if any. */
    async domainOwner(domains: string[], except?: number): Promise<SiteOperator | undefined> {
      const s = await load();
      for (const d of domains) {
        const owner = s.byHost.get(hostName(d));
        if (owner && owner.id !== except) return owner;
      }
      return undefined;
    },

    /** Drops the map here and on every instance (an operator made, suspended or renamed). */
    changed(operatorId: number) {
      drop();
      bus.publish(operatorId);
    },
  };
}
export type OperatorDirectory = ReturnType<typeof createOperatorDirectory>;
