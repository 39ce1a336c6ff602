import {
  COCKFIGHT_VENDORS,
  ESPORTS_VENDORS,
  GAME_CATEGORIES,
  HOME_PROVIDERS,
  type GameCategory,
} from '@playhouse/contract/games';
import { IN_HOUSE_GAME_CODES, IN_HOUSE_GAME_NAMES, type InHouseGameCode } from '@playhouse/contract/play';
import { IN_HOUSE_GAMES as MATHS_GAMES, IN_HOUSE_MATHS } from '@playhouse/games/catalogue';

/** The maths of an in-house game by catalogue code (`BGS-DICE`), once the game has it. */
const inHouseMaths = (code: string) => IN_HOUSE_MATHS[code.replace(/^BGS-/, '')];

/** Names of in-house games whose maths does not name them (yet). */
const IN_HOUSE_FALLBACK_NAMES: Record<InHouseGameCode, string> = IN_HOUSE_GAME_NAMES;

/*
 * The demo catalogue: vendors and games generated deterministically from word lists, so every
 * start produces the same original names and codes (no real titles), and artwork can be derived
 * from the code alone.
 */

export interface VendorDef {
  code: string;
  name: string;
  /** The vendor's main category (the back office shows it). */
  category: GameCategory;
  /** Games per lobby category. */
  games: Partial<Record<GameCategory, number>>;
}

export interface GameDef {
  vendorCode: string;
  code: string;
  name: string;
  gameType: string;
  category: GameCategory;
  classify: string;
  isNew: boolean;
  hotRank: number;
  minBet: number;
  lines: number;
  sort: number;
  freeplay: boolean;
  lottoMode: string | null;
  roomId: string | null;
}

export const DEMO_VENDORS: VendorDef[] = [
  { code: 'JILI', name: 'JILI', category: 'RNG', games: { RNG: 110, BINGO: 6, FISH: 14, PVP: 8 } },
  { code: 'FC', name: 'FC', category: 'RNG', games: { RNG: 80, FISH: 12 } },
  { code: 'PGE', name: 'PG', category: 'RNG', games: { RNG: 95 } },
  { code: 'SPX', name: 'Spinix', category: 'RNG', games: { RNG: 50 } },
  { code: 'LUX', name: 'Luxreel', category: 'RNG', games: { RNG: 45 } },
  { code: 'RVN', name: 'Raven Row', category: 'RNG', games: { RNG: 40 } },
  { code: 'MYN', name: 'Mynt Play', category: 'RNG', games: { RNG: 30 } },
  { code: 'BNG', name: 'Bingo Bay', category: 'BINGO', games: { BINGO: 18 } },
  { code: 'FSH', name: 'Deep Reef', category: 'FISH', games: { FISH: 14 } },
  { code: 'LVC', name: 'Velvet Live', category: 'LIVE', games: { LIVE: 28 } },
  { code: 'DLR', name: 'Dealer House', category: 'LIVE', games: { LIVE: 22 } },
  { code: 'PKR', name: 'Table Masters', category: 'PVP', games: { PVP: 32 } },
  { code: 'SBK', name: 'Stadium Book', category: 'SPORTS', games: { SPORTS: 3 } },
  { code: 'FTB', name: 'Pitchside', category: 'SPORTS', games: { SPORTS: 3 } },
  ...ESPORTS_VENDORS.map((code): VendorDef => ({
    code,
    name: `${code} Esports`,
    category: 'ESPORTS',
    games: { ESPORTS: 2 },
  })),
  ...COCKFIGHT_VENDORS.map((code): VendorDef => ({
    code,
    name: `${code} Derby`,
    category: 'COCKFIGHT',
    games: { COCKFIGHT: 2 },
  })),
  { code: 'LTO', name: 'Lucky Draw', category: 'LOTT', games: { LOTT: 12 } },
  { code: 'ELT', name: 'Express Lotto', category: 'ELOTT', games: { ELOTT: 12 } },
  {
    code: 'BGS',
    name: 'Playhouse Originals',
    category: 'INHOUSE',
    games: { INHOUSE: IN_HOUSE_GAME_CODES.length },
  },
];

/**
 * In-house games (vendor BGS): the six real games at /play/<code>, named as their maths names them
 * (packages/games catalogue). Catalogue codes are `BGS-<code>`.
 */
export const IN_HOUSE_GAMES: readonly (readonly [InHouseGameCode, string])[] = IN_HOUSE_GAME_CODES.map(
  (code) => [code, MATHS_GAMES[code]?.name ?? IN_HOUSE_FALLBACK_NAMES[code]] as const,
);

// prettier-ignore
const ADJECTIVES = [
  'Amber', 'Arctic', 'Astral', 'Blazing', 'Bramble', 'Brass', 'Cobalt', 'Copper', 'Crimson', 'Dusk',
  'Ember', 'Emerald', 'Feather', 'Frost', 'Gilded', 'Glimmer', 'Harbor', 'Hollow', 'Iron', 'Ivory',
  'Jade', 'Juniper', 'Lunar', 'Marble', 'Meadow', 'Midnight', 'Misty', 'Moss', 'Neon', 'Nimbus',
  'Obsidian', 'Opal', 'Orchid', 'Pebble', 'Pepper', 'Prism', 'Quartz', 'Rapid', 'Rustic', 'Saffron',
  'Sapphire', 'Scarlet', 'Silver', 'Solar', 'Spice', 'Summit', 'Tango', 'Thistle', 'Tidal', 'Topaz',
  'Velvet', 'Violet', 'Willow', 'Zephyr', 'Cinder', 'Coral', 'Dune', 'Maple', 'Cedar', 'Indigo',
] as const;
// prettier-ignore
const NOUNS = [
  'Acorns', 'Anchors', 'Atlas', 'Bandit', 'Beacon', 'Bells', 'Blossom', 'Bounty', 'Canyon', 'Caravan',
  'Carnival', 'Castle', 'Cherries', 'Circus', 'Clover', 'Comet', 'Compass', 'Crown', 'Falcon', 'Fiesta',
  'Garden', 'Geyser', 'Harvest', 'Heist', 'Horizon', 'Jackal', 'Kettle', 'Kingdom', 'Lagoon', 'Lanterns',
  'Lynx', 'Mariner', 'Meteor', 'Monarch', 'Nomad', 'Oasis', 'Orchard', 'Panda', 'Parade', 'Pyramid',
  'Reef', 'Relics', 'Rhino', 'Rodeo', 'Safari', 'Scarab', 'Sherpa', 'Stallion', 'Temple', 'Totem',
  'Trails', 'Valley', 'Voyage', 'Vault', 'Yeti', 'Otter', 'Bison', 'Marmot', 'Pagoda', 'Windmill',
] as const;
const SUFFIXES = ['Rush', 'Spins', 'Riches', 'Stacks', 'Xtra', 'Reels', 'Burst', 'Trail', 'Link'];
const FISH_NOUNS = ['Reef', 'Tide', 'Lagoon', 'Deep', 'Current', 'Shoal', 'Harbor', 'Atoll'];
const FISH_ENDINGS = ['Catch', 'Hunt', 'Haul', 'Expedition', 'Frenzy', 'Net'];
const LIVE_GAMES = ['Baccarat', 'Roulette', 'Blackjack', 'Sic Bo', 'Dragon & Tiger', 'Fan Tan', 'Color Game'];
const PVP_GAMES = [
  'Teen Patti',
  'Rummy',
  'Tongits',
  'Pusoy',
  'Poker Table',
  'Mahjong Table',
  'Andar Bahar',
  'Domino',
];
const LOTT_GAMES = ['Pick 3', 'Pick 4', 'Lucky 6/42', 'Mega 6/45', 'Grand 6/55', 'Daily Draw'];
const ELOTT_GAMES = ['Speed Lotto', 'Quick Keno', 'Fast Pick 5', 'Turbo Racing', 'Rapid 3D', 'Minute Draw'];
const BETS = [10, 20, 20, 50, 100, 100, 200, 500];
const LINES = [10, 20, 25, 30, 40, 50, 243, 1024];

/** FNV-1a: a stable 32-bit hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG so the catalogue is the same on every start. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function gameName(category: GameCategory, vendor: VendorDef, index: number, rand: () => number): string {
  switch (category) {
    case 'RNG': {
      const base = `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)}`;
      return rand() < 0.35 ? `${base} ${pick(rand, SUFFIXES)}` : base;
    }
    case 'BINGO':
      return `${pick(rand, ADJECTIVES)} Bingo ${pick(rand, ['75', '90', 'Blast', 'Party', 'Bash', 'Rally'])}`;
    case 'FISH':
      return `${pick(rand, ADJECTIVES)} ${pick(rand, FISH_NOUNS)} ${pick(rand, FISH_ENDINGS)}`;
    case 'LIVE':
      return `${pick(rand, ADJECTIVES)} ${LIVE_GAMES[index % LIVE_GAMES.length]}`;
    case 'PVP':
      return `${PVP_GAMES[index % PVP_GAMES.length]} ${pick(rand, ADJECTIVES)}`;
    case 'SPORTS':
      return `${vendor.name} ${['Sportsbook', 'Virtual Football', 'In-Play Centre'][index % 3]}`;
    case 'ESPORTS':
      return `${vendor.name} ${['Arena', 'Match Centre'][index % 2]}`;
    case 'COCKFIGHT':
      return `${vendor.name} ${['Arena', 'Live Pit'][index % 2]}`;
    case 'LOTT':
      return `${LOTT_GAMES[index % LOTT_GAMES.length]} ${pick(rand, ADJECTIVES)}`;
    case 'ELOTT':
      return `${ELOTT_GAMES[index % ELOTT_GAMES.length]} ${pick(rand, ['1 Min', '3 Min', '5 Min', 'Express'])}`;
    case 'INHOUSE':
      return IN_HOUSE_GAMES[index % IN_HOUSE_GAMES.length]![1];
  }
}

/** Stored game_type of a lobby category: bingo is RNG + BG (spec); every other category is its own type. */
export function storedType(category: GameCategory): string {
  return category === 'BINGO' ? 'RNG' : category;
}

/** How many hot games each category contributes, most popular vendors first. */
const HOT_PER_CATEGORY: Partial<Record<GameCategory, number>> = {
  RNG: 12,
  BINGO: 3,
  FISH: 4,
  LIVE: 4,
  PVP: 3,
  INHOUSE: 4,
  SPORTS: 1,
  ESPORTS: 1,
  COCKFIGHT: 1,
  LOTT: 1,
  ELOTT: 1,
};

/** Generates the whole demo catalogue; same input, same output. */
export function generateCatalogue(vendors: VendorDef[] = DEMO_VENDORS): GameDef[] {
  const games: GameDef[] = [];
  const usedNames = new Set<string>();
  let sort = 0;
  for (const category of GAME_CATEGORIES) {
    for (const vendor of vendors) {
      const count = vendor.games[category] ?? 0;
      const rand = seededRandom(hashString(`${vendor.code}:${category}`));
      for (let i = 0; i < count; i++) {
        let name = gameName(category, vendor, i, rand);
        for (let attempt = 2; usedNames.has(name.toLowerCase()); attempt++) {
          name = attempt < 20 ? gameName(category, vendor, i, rand) : `${name} ${attempt}`;
        }
        usedNames.add(name.toLowerCase());
        const code =
          category === 'INHOUSE'
            ? `${vendor.code}-${IN_HOUSE_GAMES[i % IN_HOUSE_GAMES.length]![0]}`
            : `${vendor.code}-${category === vendor.category ? '' : category.slice(0, 1)}${String(i + 1).padStart(3, '0')}`;
        const isSlot = category === 'RNG' || category === 'BINGO';
        games.push({
          vendorCode: vendor.code,
          code,
          name,
          gameType: storedType(category),
          category,
          classify: category === 'BINGO' ? 'BG' : '',
          isNew: rand() < 0.1,
          hotRank: 0,
          // In-house games show their real smallest stake and paylines (their maths), others made up.
          minBet: (category === 'INHOUSE' && inHouseMaths(code)?.stakes[0]) || pick(rand, BETS),
          lines: isSlot
            ? pick(rand, LINES)
            : category === 'INHOUSE'
              ? (MATHS_GAMES[code.replace(/^BGS-/, '')]?.lines ?? 0)
              : 0,
          sort: sort++,
          freeplay: isSlot || category === 'FISH' || category === 'INHOUSE',
          lottoMode: category === 'LOTT' ? 'trad' : category === 'ELOTT' ? 'ent' : null,
          roomId: category === 'LIVE' ? `T${String(i + 1).padStart(2, '0')}` : null,
        });
      }
    }
  }
  assignHot(games);
  return games;
}

function assignHot(games: GameDef[]) {
  const rand = seededRandom(hashString('hot'));
  let rank = 1;
  for (const category of GAME_CATEGORIES) {
    // Hot slots come from the home provider vendors: they lead the lobby.
    const pool = games.filter(
      (g) =>
        g.category === category && (category !== 'RNG' || HOME_PROVIDERS.includes(g.vendorCode as never)),
    );
    const wanted = Math.min(HOT_PER_CATEGORY[category] ?? 0, pool.length);
    const chosen = new Set<GameDef>();
    while (chosen.size < wanted) chosen.add(pool[Math.floor(rand() * pool.length)]!);
    for (const game of chosen) game.hotRank = rank++;
  }
}
