/** Wraps a success value in the API envelope. */
export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}
