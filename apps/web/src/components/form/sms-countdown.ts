/** Whole seconds left before another SMS code may be requested (spec §4: counted from expirationTime). */
export function secondsLeft(expirationTime: number, at: number): number {
  return Math.max(0, Math.ceil((expirationTime - at) / 1000));
}
