/** Current time in epoch milliseconds; one place so tests can reason about expiry. */
export const now = (): number => Date.now();
