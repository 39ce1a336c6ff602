import { AVATAR_IDS, DEFAULT_AVATAR, type AvatarId } from '@playhouse/contract/avatars';

/** Built-in avatars: a gradient and a simple face, drawn inline so they cost no requests. */
const LOOKS: Record<AvatarId, { from: string; to: string; face: 'smile' | 'wink' | 'cool' | 'cat' }> = {
  a01: { from: '#ffb627', to: '#ff7a18', face: 'smile' },
  a02: { from: '#5ee7df', to: '#2f80ed', face: 'smile' },
  a03: { from: '#f857a6', to: '#ff5858', face: 'wink' },
  a04: { from: '#43e97b', to: '#1d976c', face: 'cool' },
  a05: { from: '#a18cd1', to: '#6a3093', face: 'cat' },
  a06: { from: '#f6d365', to: '#fda085', face: 'wink' },
  a07: { from: '#30cfd0', to: '#330867', face: 'cool' },
  a08: { from: '#ff9a9e', to: '#c94b4b', face: 'cat' },
  a09: { from: '#96fbc4', to: '#26a0da', face: 'smile' },
  a10: { from: '#fccb90', to: '#d57eeb', face: 'cat' },
  a11: { from: '#e0c3fc', to: '#8e9eab', face: 'wink' },
  a12: { from: '#ffd86f', to: '#fc6262', face: 'cool' },
};

export const AVATARS = AVATAR_IDS;

function Face({ face }: { face: (typeof LOOKS)[AvatarId]['face'] }) {
  const eyes =
    face === 'cool' ? (
      <path d="M13 21h10l-1 4h-8zM27 21h10l-1 4h-8zM23 22h4" fill="#1b1302" stroke="#1b1302" />
    ) : face === 'wink' ? (
      <>
        <circle cx="19" cy="22" r="2.4" fill="#1b1302" />
        <path d="M28 22h5" stroke="#1b1302" strokeWidth="2.4" strokeLinecap="round" />
      </>
    ) : (
      <>
        <circle cx="19" cy="22" r="2.4" fill="#1b1302" />
        <circle cx="31" cy="22" r="2.4" fill="#1b1302" />
      </>
    );
  return (
    <>
      {face === 'cat' && <path d="M10 16l3-9 7 6M40 16l-3-9-7 6" fill="rgba(255,255,255,.55)" />}
      <circle cx="25" cy="26" r="15" fill="rgba(255,255,255,.55)" />
      {eyes}
      <path
        d="M19 30c3 3.5 9 3.5 12 0"
        fill="none"
        stroke="#1b1302"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </>
  );
}

/** A member's head icon; unknown ids fall back to the default avatar. */
export function Avatar({ id, size = 56, label }: { id: string | undefined; size?: number; label?: string }) {
  const key = (AVATAR_IDS as readonly string[]).includes(id ?? '') ? (id as AvatarId) : DEFAULT_AVATAR;
  const look = LOOKS[key];
  const gradient = `avatar-gradient-${key}`;
  return (
    <svg
      className="mc-avatar"
      width={size}
      height={size}
      viewBox="0 0 50 50"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={look.from} />
          <stop offset="1" stopColor={look.to} />
        </linearGradient>
      </defs>
      <circle cx="25" cy="25" r="25" fill={`url(#${gradient})`} />
      <Face face={look.face} />
    </svg>
  );
}
