import { z } from 'zod';

/** Every successful response: HTTP 200 with `{ success: true, value }`. */
export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

/** Every failure: a 4xx/5xx with a machine code and a message in the request's language. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  captchaRequired: z.boolean().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const EmptySchema = z.object({});

/** Money crosses the API as a decimal string with two places, e.g. "12.50". */
export const MoneySchema = z.string().regex(/^-?\d{1,15}\.\d{2}$/);

/** Converts integer minor units to the API's decimal string. */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses the API's decimal string into integer minor units; undefined when malformed. */
export function parseMinor(value: string): number | undefined {
  const m = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const minor = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -minor : minor;
}
