/**
 * Splits the popular games into carousel slides: 3 per slide when there are fewer than 6 games,
 * otherwise 6 (spec §9).
 */
export function popularSlides<T>(games: readonly T[]): T[][] {
  const size = games.length < 6 ? 3 : 6;
  const slides: T[][] = [];
  for (let i = 0; i < games.length; i += size) slides.push(games.slice(i, i + size));
  return slides;
}
