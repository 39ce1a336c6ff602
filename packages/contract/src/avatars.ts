// Zod-free so the player site can draw the choices without the schema library.
/** The built-in avatars a member can pick (head icon); the site draws them, the server validates. */
export const AVATAR_IDS = [
  'a01',
  'a02',
  'a03',
  'a04',
  'a05',
  'a06',
  'a07',
  'a08',
  'a09',
  'a10',
  'a11',
  'a12',
] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];
export const DEFAULT_AVATAR: AvatarId = 'a01';
