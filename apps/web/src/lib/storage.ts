/** Browser storage keys the site uses (spec §3). */
export const STORAGE = {
  session: 'MC_SESSION_INFO',
  language: 'language',
  theme: 'theme',
  hideDownloadBar: 'hideDownloadBar',
  webClip: 'WEBCLIP',
  autoLogin: 'autoLogin',
  status: 'siteStatus',
  iosTipSeen: 'iosTipSeen',
  hideBalance: 'hideBalance',
  /** A chat guest's token (their conversation), kept until the chat ends. */
  chatGuest: 'chatGuest',
} as const;

export function readJson<T>(key: string, storage: Storage = localStorage): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown, storage: Storage = localStorage): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the site keeps working without persistence.
  }
}

export function readString(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // see writeJson
  }
}
