import type { Popup } from '@playhouse/contract/content';

/** Who has seen which popups: one entry per member (or the device's guest), at most this many. */
const KEPT = 20;
export const GUEST = '';

export type SeenPopups = Record<string, string>;

/** A short digest of what the popups say (FNV-1a, 32 bits): any edit makes a new one. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** What a set of popups is, for "seen": their ids, titles, images and text, in order. */
export function popupsSignature(popups: readonly Popup[]): string {
  return digest(JSON.stringify(popups.map((p) => [p.id, p.title, p.imageUrl, p.content])));
}

/**
 * Whether `who` (a member's account name, or GUEST) should see these popups: not when they have
 * closed this very set before. A new popup or an edited one shows again, once.
 */
export function shouldShowPopups(seen: SeenPopups, who: string, popups: readonly Popup[]): boolean {
  return popups.length > 0 && seen[who.toLowerCase()] !== popupsSignature(popups);
}

/** The record after `who` closed these popups; the oldest entries go beyond KEPT. */
export function markPopupsSeen(seen: SeenPopups, who: string, popups: readonly Popup[]): SeenPopups {
  const key = who.toLowerCase();
  const rest = Object.entries(seen).filter(([k]) => k !== key);
  return Object.fromEntries([...rest.slice(-(KEPT - 1)), [key, popupsSignature(popups)]]);
}
