/**
 * Masks a member name for public display, keeping the first two and the last character
 * (`johnny` → `jo***y`); names of three characters or fewer keep only the first (`al` → `a***`).
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '***';
  if (chars.length <= 3) return `${chars[0]}***`;
  return `${chars[0]}${chars[1]}***${chars[chars.length - 1]}`;
}
