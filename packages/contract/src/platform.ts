import { z } from 'zod';
import { LanguageCodeSchema } from './settings.ts';

/** The platform console (decision 039): platform owners above operators. */

export const PlatformLoginSchema = z
  .object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
    /** The authenticator's 6-digit code (not on the very first sign-in, which enrols one). */
    code: z
      .string()
      .regex(/^\d{6}$/, 'invalidFormat')
      .optional(),
  })
  .strict();

export const PlatformLoginResultSchema = z.object({
  token: z.string(),
  /** Present when no second factor is on yet: the token is good only for confirming it. */
  enrolment: z.object({ secret: z.string(), otpauthUri: z.string() }).optional(),
});

export const PlatformCodeSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'invalidFormat') }).strict();

const HostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'invalidFormat');

export const NewOperatorSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_-]{1,31}$/, 'invalidFormat'),
    name: z.string().trim().min(1).max(60),
    currency: z.string().regex(/^[A-Z]{3}$/, 'invalidFormat'),
    languages: z
      .object({ supported: z.array(LanguageCodeSchema).min(1).max(40), default: LanguageCodeSchema })
      .strict()
      .refine((l) => l.supported.includes(l.default), { message: 'invalidOption', path: ['default'] }),
    /** The primary domain first. */
    domains: z.array(HostSchema).min(1).max(20),
    owner: z
      .object({ username: z.string().trim().min(3).max(32), password: z.string().min(1).max(128) })
      .strict(),
  })
  .strict();
export type NewOperatorInput = z.infer<typeof NewOperatorSchema>;

export const OperatorStatusSchema = z.object({ status: z.enum(['active', 'suspended']) }).strict();

export const PlatformOperatorSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(['active', 'suspended']),
  domains: z.array(z.string()),
  currency: z.string(),
  members: z.number(),
  deposits: z.object({ count: z.number(), total: z.string() }),
  withdrawals: z.object({ count: z.number(), total: z.string() }),
  memberBalances: z.string(),
});
