import {
  OperatorSettingsSchema,
  defaultSettings,
  mergeSettings,
  type OperatorSettings,
  type SettingsPatch,
} from '@playhouse/contract/settings';
import { AA_TEXT, contrastProblems } from '@playhouse/contract/contrast';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { issuesToFields } from '../../lib/validation.ts';
import type { AuditService } from '../audit/audit.service.ts';
import * as repo from './operators.repository.ts';
import type { Db } from './operators.repository.ts';

export interface Operator {
  id: number;
  code: string;
  name: string;
}

export interface SettingsSnapshot {
  settings: OperatorSettings;
  version: number;
}

/** Invalidation fan-out between instances (Redis pub/sub when configured, nothing otherwise). */
export interface ChangeBus {
  publish(operatorId: number): void;
  subscribe(listener: (operatorId: number) => void): void;
}

/**
 * Reads and writes operator settings. Reads are served from memory: every instance re-reads after
 * `ttlMs`, and at once when this or another instance (through the bus) changes a document.
 */
export function createSettingsService(db: Db, audit: AuditService, bus: ChangeBus, ttlMs = 2000) {
  const cache = new Map<number, { snapshot: SettingsSnapshot; loadedAt: number }>();
  let defaultOperator: Operator | undefined;
  bus.subscribe((operatorId) => cache.delete(operatorId));

  async function load(operatorId: number): Promise<SettingsSnapshot> {
    const row = await repo.findSettingsRow(db, operatorId);
    if (!row) throw new AppError('NOT_FOUND');
    // Documents written by older releases gain new keys from the defaults.
    const settings = OperatorSettingsSchema.parse(mergeSettings(defaultSettings(), JSON.parse(row.document)));
    return { settings, version: Number(row.version) };
  }

  return {
    async defaultOperator(): Promise<Operator> {
      if (defaultOperator) return defaultOperator;
      const row = await repo.findDefaultOperator(db);
      if (!row) throw new AppError('NOT_FOUND');
      defaultOperator = { id: Number(row.id), code: row.code, name: row.name };
      return defaultOperator;
    },

    async get(operatorId: number): Promise<SettingsSnapshot> {
      const hit = cache.get(operatorId);
      if (hit && now() - hit.loadedAt < ttlMs) return hit.snapshot;
      const snapshot = await load(operatorId);
      cache.set(operatorId, { snapshot, loadedAt: now() });
      return snapshot;
    },

    /** Deep-merges a patch, validates the whole result and stores it with an audit entry. */
    async update(
      operatorId: number,
      patch: SettingsPatch,
      actor: { type: string; id: string; ip: string },
    ): Promise<SettingsSnapshot> {
      const current = await load(operatorId);
      const merged = mergeSettings(current.settings, patch);
      const parsed = OperatorSettingsSchema.safeParse(merged);
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', {
          fields: issuesToFields(parsed.error.issues) as Record<string, FieldError[]>,
        });
      }
      // Operator text colours must stay readable (WCAG AA) where players first see them; checked
      // when changed, so an older stored colour does not block unrelated changes.
      const colour = parsed.data.site.mobileTemplate.app_desc_font_color;
      if (colour !== current.settings.site.mobileTemplate.app_desc_font_color) {
        const problems = contrastProblems({ 'site.mobileTemplate.app_desc_font_color': colour });
        if (problems.length)
          throw new AppError('VALIDATION_FAILED', {
            fields: Object.fromEntries(
              problems.map((p) => [
                p.field,
                [
                  {
                    key: 'contrastTooLow',
                    params: { colour: p.colour, background: p.background, ratio: p.ratio, min: AA_TEXT },
                  },
                ],
              ]),
            ),
          });
      }
      const stored = await repo.updateSettingsRow(
        db,
        operatorId,
        JSON.stringify(parsed.data),
        current.version,
        now(),
      );
      if (!stored) throw new AppError('CONFLICT');
      await audit.record({
        operatorId,
        actorType: actor.type,
        actorId: actor.id,
        action: 'settings.update',
        target: `operator:${operatorId}`,
        detail: { patch, fromVersion: current.version },
        ip: actor.ip,
      });
      cache.delete(operatorId);
      bus.publish(operatorId);
      return { settings: parsed.data, version: current.version + 1 };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
