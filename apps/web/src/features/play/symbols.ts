/**
 * How slot symbols look: the maths names them (SEVEN, BAR, WILD…); the client draws each as a glyph
 * on a coloured tile, so the reels need no image downloads and stay sharp at any size.
 */
const GLYPHS: Record<string, { glyph: string; tone: string }> = {
  SEVEN: { glyph: '7', tone: 'red' },
  RED7: { glyph: '7', tone: 'red' },
  BLUE7: { glyph: '7', tone: 'blue' },
  BAR3: { glyph: '≡', tone: 'gold' },
  BAR2: { glyph: '=', tone: 'gold' },
  BAR1: { glyph: '—', tone: 'gold' },
  BAR: { glyph: '—', tone: 'gold' },
  ANYBAR: { glyph: 'BAR', tone: 'gold' },
  BLANK: { glyph: '·', tone: 'blank' },
  TRIPLEBAR: { glyph: '≡', tone: 'gold' },
  DOUBLEBAR: { glyph: '=', tone: 'gold' },
  CHERRY: { glyph: '🍒', tone: 'pink' },
  CHERRIES: { glyph: '🍒', tone: 'pink' },
  LEMON: { glyph: '🍋', tone: 'yellow' },
  ORANGE: { glyph: '🍊', tone: 'orange' },
  PLUM: { glyph: '🍑', tone: 'purple' },
  GRAPE: { glyph: '🍇', tone: 'purple' },
  GRAPES: { glyph: '🍇', tone: 'purple' },
  MELON: { glyph: '🍉', tone: 'green' },
  WATERMELON: { glyph: '🍉', tone: 'green' },
  BELL: { glyph: '🔔', tone: 'gold' },
  STAR: { glyph: '⭐', tone: 'gold' },
  DIAMOND: { glyph: '💎', tone: 'blue' },
  CLOVER: { glyph: '🍀', tone: 'green' },
  HORSESHOE: { glyph: '🧲', tone: 'gold' },
  CROWN: { glyph: '👑', tone: 'gold' },
  GEM: { glyph: '💎', tone: 'blue' },
  // Gems differ in shape as well as colour, for players who do not tell the colours apart.
  RUBY: { glyph: '◆', tone: 'red' },
  EMERALD: { glyph: '■', tone: 'green' },
  SAPPHIRE: { glyph: '●', tone: 'blue' },
  AMETHYST: { glyph: '★', tone: 'purple' },
  TOPAZ: { glyph: '▲', tone: 'yellow' },
  WILD: { glyph: 'W', tone: 'wild' },
  SCATTER: { glyph: '✦', tone: 'scatter' },
  BONUS: { glyph: '✦', tone: 'scatter' },
  LION: { glyph: '🦁', tone: 'gold' },
  TIGER: { glyph: '🐯', tone: 'orange' },
  ELEPHANT: { glyph: '🐘', tone: 'blue' },
  GORILLA: { glyph: '🦍', tone: 'purple' },
  MONKEY: { glyph: '🐒', tone: 'orange' },
  PARROT: { glyph: '🦜', tone: 'green' },
  SNAKE: { glyph: '🐍', tone: 'green' },
  CROC: { glyph: '🐊', tone: 'green' },
  CROCODILE: { glyph: '🐊', tone: 'green' },
  FROG: { glyph: '🐸', tone: 'green' },
  TOUCAN: { glyph: '🦜', tone: 'orange' },
  LEOPARD: { glyph: '🐆', tone: 'gold' },
  A: { glyph: 'A', tone: 'card' },
  K: { glyph: 'K', tone: 'card' },
  Q: { glyph: 'Q', tone: 'card' },
  J: { glyph: 'J', tone: 'card' },
  T: { glyph: '10', tone: 'card' },
  TEN: { glyph: '10', tone: 'card' },
  '10': { glyph: '10', tone: 'card' },
  NINE: { glyph: '9', tone: 'card' },
  '9': { glyph: '9', tone: 'card' },
};

const TONES = ['red', 'blue', 'green', 'gold', 'purple', 'pink', 'orange', 'yellow'];

/** A symbol's glyph and tone; an unknown name shows its first letters on a tone of its own. */
export function symbolLook(name: string): { glyph: string; tone: string } {
  const key = name.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const known = GLYPHS[key];
  if (known) return known;
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return { glyph: key.slice(0, 2) || '?', tone: TONES[hash % TONES.length]! };
}
