/** Named patterns a registration field may be held to; the client and the server share them. */
export const PATTERNS = {
  any: '^[\\s\\S]*$',
  username: '^[a-zA-Z][a-zA-Z0-9_]*$',
  password: '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]+$',
  digits: '^\\d+$',
  alnum: '^[a-zA-Z0-9]+$',
  name: "^[\\p{L}\\p{M} .'-]+$",
  email: '^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)*\\.[a-zA-Z]{2,}$',
  date: '^\\d{4}-\\d{2}-\\d{2}$',
  handle: '^[\\w.@+-]+$',
} as const;
export type PatternId = keyof typeof PATTERNS;
export const PATTERN_IDS = Object.keys(PATTERNS) as [PatternId, ...PatternId[]];
