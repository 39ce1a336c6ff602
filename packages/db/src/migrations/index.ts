import type { Migration } from 'kysely';
import * as foundation from './2026_11_22_0001_foundation.ts';
import * as members from './2026_11_22_0002_members.ts';

/** Every migration in order. Names are timestamps; a migration never changes once released. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0002_members': members,
};
