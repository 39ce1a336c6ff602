/**
 * Language codes the platform speaks, as the spec names them (§9), with the BCP 47 tag used for
 * `lang`, Intl and catalogue file names, the writing direction and a flag country for the picker.
 */
export const LANGUAGES = [
  { code: 'EN', tag: 'en', name: 'English', flag: 'GB', dir: 'ltr' },
  { code: 'TY', tag: 'fil', name: 'Filipino', flag: 'PH', dir: 'ltr' },
  { code: 'CN', tag: 'zh-CN', name: '简体中文', flag: 'CN', dir: 'ltr' },
  { code: 'TW', tag: 'zh-TW', name: '繁體中文', flag: 'TW', dir: 'ltr' },
  { code: 'JA', tag: 'ja', name: '日本語', flag: 'JP', dir: 'ltr' },
  { code: 'KO', tag: 'ko', name: '한국어', flag: 'KR', dir: 'ltr' },
  { code: 'TH', tag: 'th', name: 'ไทย', flag: 'TH', dir: 'ltr' },
  { code: 'VI', tag: 'vi', name: 'Tiếng Việt', flag: 'VN', dir: 'ltr' },
  { code: 'ID', tag: 'id', name: 'Bahasa Indonesia', flag: 'ID', dir: 'ltr' },
  { code: 'MS', tag: 'ms', name: 'Bahasa Melayu', flag: 'MY', dir: 'ltr' },
  { code: 'MY', tag: 'my', name: 'မြန်မာ', flag: 'MM', dir: 'ltr' },
  { code: 'KM', tag: 'km', name: 'ខ្មែរ', flag: 'KH', dir: 'ltr' },
  { code: 'LO', tag: 'lo', name: 'ລາວ', flag: 'LA', dir: 'ltr' },
  { code: 'HI', tag: 'hi', name: 'हिन्दी', flag: 'IN', dir: 'ltr' },
  { code: 'BN', tag: 'bn', name: 'বাংলা', flag: 'BD', dir: 'ltr' },
  { code: 'NE', tag: 'ne', name: 'नेपाली', flag: 'NP', dir: 'ltr' },
  { code: 'TA', tag: 'ta', name: 'தமிழ்', flag: 'LK', dir: 'ltr' },
  { code: 'TE', tag: 'te', name: 'తెలుగు', flag: 'IN', dir: 'ltr' },
  { code: 'UR', tag: 'ur', name: 'اردو', flag: 'PK', dir: 'rtl' },
  { code: 'AR', tag: 'ar', name: 'العربية', flag: 'SA', dir: 'rtl' },
  { code: 'FA', tag: 'fa', name: 'فارسی', flag: 'IR', dir: 'rtl' },
  { code: 'TR', tag: 'tr', name: 'Türkçe', flag: 'TR', dir: 'ltr' },
  { code: 'RU', tag: 'ru', name: 'Русский', flag: 'RU', dir: 'ltr' },
  { code: 'KK', tag: 'kk', name: 'Қазақ тілі', flag: 'KZ', dir: 'ltr' },
  { code: 'UZ', tag: 'uz', name: 'Oʻzbekcha', flag: 'UZ', dir: 'ltr' },
  { code: 'ES', tag: 'es', name: 'Español', flag: 'ES', dir: 'ltr' },
  { code: 'PT', tag: 'pt', name: 'Português', flag: 'PT', dir: 'ltr' },
  { code: 'PT-BR', tag: 'pt-BR', name: 'Português (Brasil)', flag: 'BR', dir: 'ltr' },
  { code: 'FR', tag: 'fr', name: 'Français', flag: 'FR', dir: 'ltr' },
  { code: 'SW', tag: 'sw', name: 'Kiswahili', flag: 'KE', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as unknown as readonly [
  LanguageCode,
  ...LanguageCode[],
];

const byCode = new Map<string, Language>(LANGUAGES.map((l) => [l.code, l]));

/** The language with this spec code, or undefined. Case-insensitive. */
export function findLanguage(code: string | null | undefined): Language | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}

/**
 * Picks the best supported spec code for a list of BCP 47 tags (browser languages or an
 * Accept-Language header, most preferred first): an exact tag match first, then the base language.
 */
export function matchLanguage(
  tags: readonly string[],
  supported: readonly string[],
): LanguageCode | undefined {
  const candidates = LANGUAGES.filter((l) => supported.includes(l.code));
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (!tag) continue;
    const exact = candidates.find((l) => l.tag.toLowerCase() === tag || l.code.toLowerCase() === tag);
    if (exact) return exact.code;
    const base = tag.split('-')[0];
    // Chinese scripts: zh-Hant / zh-HK / zh-MO read traditional characters.
    if (base === 'zh') {
      const traditional = /hant|tw|hk|mo/.test(tag);
      const zh = candidates.find((l) => l.code === (traditional ? 'TW' : 'CN'));
      if (zh) return zh.code;
    }
    if (base === 'tl') {
      const fil = candidates.find((l) => l.code === 'TY');
      if (fil) return fil.code;
    }
    const loose = candidates.find((l) => l.tag.toLowerCase().split('-')[0] === base);
    if (loose) return loose.code;
  }
  return undefined;
}

/** Parses an Accept-Language header into tags ordered by quality. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((t) => t.tag);
}
