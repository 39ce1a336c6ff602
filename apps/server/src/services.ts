import type { Redis } from 'ioredis';
import type { Db } from './modules/operators/operators.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createOutboxService } from './modules/outbox/outbox.service.ts';
import { createSettingsService, type ChangeBus } from './modules/operators/settings.service.ts';
import { createRegionService } from './modules/region/region.service.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { createStaffService } from './modules/backoffice/staff.service.ts';
import { loadCredentialKeys } from './modules/system/credential-keys.ts';
import { createMemberAuth } from './modules/members/member-auth.service.ts';

const CHANNEL = 'playhouse:settings-changed';

/** Settings invalidation across instances: Redis pub/sub when available, local only otherwise. */
export function createChangeBus(redis?: { pub: Redis; sub: Redis }): ChangeBus {
  const listeners: ((operatorId: number) => void)[] = [];
  if (redis) {
    void redis.sub.subscribe(CHANNEL);
    redis.sub.on('message', (_channel: string, message: string) => {
      for (const l of listeners) l(Number(message));
    });
  }
  return {
    publish: (operatorId) => void redis?.pub.publish(CHANNEL, String(operatorId)),
    subscribe: (listener) => listeners.push(listener),
  };
}

/** Wires every domain service once per app; routes reach them through `app.services`. */
export async function createServices(db: Db, bus: ChangeBus) {
  const audit = createAuditService(db);
  const sessions = createSessionsService(db);
  return {
    db,
    audit,
    sessions,
    settings: createSettingsService(db, audit, bus),
    region: createRegionService(),
    outbox: createOutboxService(db),
    staff: createStaffService(db, sessions, audit),
    credentials: await loadCredentialKeys(db),
    memberAuth: createMemberAuth(db, sessions),
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
