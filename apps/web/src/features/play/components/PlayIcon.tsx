/** The game screen's own line icons (kept out of the shell's icon set, which every page loads). */
const PATHS = {
  back: 'M15 5l-7 7 7 7',
  soundOn: 'M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 010 6M18.5 6.5a7.5 7.5 0 010 11',
  soundOff: 'M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7.5v.5',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  history: 'M4 12a8 8 0 108-8 8 8 0 00-6.3 3M4 4v4h4M12 8v4l3 2',
  spin: 'M20 12a8 8 0 11-2.3-5.6M20 4v4h-4',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
} as const;

export type PlayIconName = keyof typeof PATHS;

export function PlayIcon({ name, size = 22 }: { name: PlayIconName; size?: number }) {
  return (
    <svg
      className={`pl-svg pl-svg-${name}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
