/** Line icons of the shell, drawn on a 24×24 grid with the current text colour. */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  back: 'M15 5l-7 7 7 7',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M9 6l6 6-6 6',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  gift: 'M4 10h16v4H4zM6 14h12v7H6zM12 10v11M12 10c-2-4-6-5-6-2s4 2 6 2zm0 0c2-4 6-5 6-2s-4 2-6 2z',
  wallet: 'M4 7h14a2 2 0 012 2v9a2 2 0 01-2 2H5a1 1 0 01-1-1zM4 7l12-3v3M15 13h2',
  withdraw: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  invite: 'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM3 20c0-3.5 2.7-6 6-6s6 2.5 6 6M18 8v6M15 11h6',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  chat: 'M4 5h16v11H9l-5 4z',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5a1 1 0 100-.1',
  send: 'M4 12l16-8-6 16-2.5-6.5zM11.5 13.5L20 4',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  refresh: 'M19 8a8 8 0 10.9 6M19 3v5h-5',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10 10 0 0112 5c6.4 0 10 7 10 7a17 17 0 01-3.2 4.1M6.6 6.6A17 17 0 002 12s3.6 7 10 7a9.7 9.7 0 005.4-1.6',
  logout: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  headset: 'M4 14v-2a8 8 0 0116 0v2M4 14h3v5H5a1 1 0 01-1-1zM20 14h-3v5h2a1 1 0 001-1z',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM16 16l4 4',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z',
  feedback: 'M4 4h16v12H8l-4 4zM8 9h8M8 12h5',
  share: 'M4 12v7h16v-7M12 3v12M8 7l4-4 4 4',
  telegram: 'M21 4L3 11l5 2 2 6 3-4 5 4z M8 13l10-7',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8.5a.5.5 0 01.5-.5z',
  whatsapp:
    'M4 20l1.3-4A8 8 0 1112 20a8 8 0 01-3.9-1zM9 8.5c0 4 2.5 6.5 6.5 6.5l1-1.6-2-1-1 .8a4 4 0 01-2.2-2.2l.8-1-1-2z',
  tools: 'M14 6a4 4 0 005 5l-8 8a2 2 0 01-3-3l8-8a4 4 0 01-2-2zM4 4l3 3',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z',
  apple:
    'M16 3c0 2-1.5 3.5-3 3.5M12 7c-1.2 0-2-.7-3.2-.7C6.6 6.3 5 8.3 5 11.5 5 15.5 7.7 21 10 21c1 0 1.3-.6 2-.6s1 .6 2 .6c2 0 4-4 4.5-6.5-1.6-.7-2.5-2-2.5-3.7 0-1.6 1-2.8 2.2-3.4C17.2 6.5 16 6.3 15.2 6.3 14 6.3 13.2 7 12 7z',
  android: 'M6 10h12v8a1 1 0 01-1 1H7a1 1 0 01-1-1zM6 9a6 6 0 0112 0zM8 4l1.5 2M16 4l-1.5 2M4 11v5M20 11v5',
  coins:
    'M12 7c4.4 0 8-1.3 8-3s-3.6-3-8-3-8 1.3-8 3 3.6 3 8 3zM4 4v5c0 1.7 3.6 3 8 3s8-1.3 8-3V4M4 9v5c0 1.7 3.6 3 8 3s8-1.3 8-3V9',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 22, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** A flag as a regional-indicator emoji, from its ISO country code. */
export function flagEmoji(country: string): string {
  return String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
