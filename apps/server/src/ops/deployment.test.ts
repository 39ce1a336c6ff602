import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The deployment files (Dockerfile, deploy/) say what the operations guide promises. No container
 * engine runs here, so `npm run lint:deploy` checks their syntax and these check their substance.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');

/** A compose value, with `${NAME:-default}` read as its default. */
const valueOf = (v: string | undefined) => (v ? (/^\$\{\w+:-(.*)\}$/.exec(v)?.[1] ?? v) : v);

interface Service {
  image?: string;
  build?: unknown;
  depends_on?: Record<string, { condition: string }> | string[];
  environment?: Record<string, string>;
  ports?: string[];
  command?: string[];
  profiles?: string[];
}

describe('deployment files', () => {
  const dockerfile = read('Dockerfile');
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const services = compose.services;

  it('builds a multi-stage image that runs as a non-root user on the Node major CI runs', () => {
    const stages = dockerfile.match(/^FROM .+$/gm) ?? [];
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(dockerfile)?.[1];
    expect(image).toBe(process.versions.node.split('.')[0]);
    const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const user = /^USER (\S+)$/m.exec(finalStage)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    // Everything the final stage runs after switching user, it runs as that user.
    expect(finalStage.slice(finalStage.indexOf('USER '))).not.toMatch(/^RUN /m);
    expect(finalStage).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(finalStage).toContain('postgresql-client');
  });

  it('runs two app instances on PostgreSQL and Redis behind a proxy that follows /readyz', () => {
    const apps = Object.entries(services).filter(([, s]) => s.build && !s.command);
    expect(apps.map(([name]) => name).sort()).toEqual(['app1', 'app2']);
    for (const [, s] of apps) {
      expect(s.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(s.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(Number(valueOf(s.environment?.SHUTDOWN_DRAIN_SECONDS))).toBeGreaterThan(0);
    }
    // pg_dump in the image (Debian bookworm's client) must not be older than the server it dumps.
    expect(services.postgres?.image).toMatch(/^postgres:15-/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.proxy?.image).toMatch(/^caddy:/);
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toMatch(/reverse_proxy app1:8080 app2:8080/);
    expect(caddy).toMatch(/health_uri \/readyz/);
    // Backups on a schedule with the same image.
    expect(services.backup?.command).toContain('apps/server/src/scripts/backup.ts');
    expect(Number(valueOf(services.backup?.environment?.BACKUP_INTERVAL_MINUTES))).toBeGreaterThan(0);
  });

  it('scrapes both instances and provisions the dashboard from the repository', () => {
    expect(read('deploy/prometheus.yml')).toMatch(/targets: \['app1:8080', 'app2:8080'\]/);
    const dashboard = JSON.parse(read('deploy/grafana/playhouse-dashboard.json')) as {
      uid: string;
      panels: { type: string; targets?: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBe('playhouse-ops');
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(exprs.length).toBeGreaterThan(10);
    expect(services.grafana?.profiles).toEqual(['monitoring']);
  });
});
