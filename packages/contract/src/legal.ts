import { z } from 'zod';
import { LanguageCodeSchema } from './settings.ts';

/*
 * Legal and responsible-gambling documents: the operator's terms of service, privacy notice, licence,
 * 18+ notice, responsible-gambling policy and complaints procedure, one per language, edited in the
 * back office, read by anyone on /m/legal?doc=<kind>.
 */

export const LEGAL_KINDS = ['terms', 'privacy', 'licence', 'age', 'responsible', 'complaints'] as const;
export const LegalKindSchema = z.enum(LEGAL_KINDS);
export type LegalKind = z.infer<typeof LegalKindSchema>;

/** The player site's address of a document. */
export const legalPath = (kind: LegalKind) => `/m/legal?doc=${kind}`;

/** GET /wps/system/legal/:kind?lang=XX */
export const LegalParamsSchema = z.object({ kind: LegalKindSchema }).strict();
export const LegalQuerySchema = z.object({ lang: z.string().trim().max(8).optional() }).strict();

/** One document as the player site shows it: `content` is sanitised HTML. */
export const LegalDocumentSchema = z.object({
  kind: LegalKindSchema,
  language: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: z.number(),
});
export type LegalDocument = z.infer<typeof LegalDocumentSchema>;

// ---------- back office ----------

export const BoLegalParamsSchema = z.object({ kind: LegalKindSchema, language: LanguageCodeSchema }).strict();

/** Every stored document, without its text (the editor's index). */
export const BoLegalIndexSchema = z.array(
  z.object({ kind: LegalKindSchema, language: z.string(), title: z.string(), updatedAt: z.number() }),
);
export type BoLegalIndex = z.infer<typeof BoLegalIndexSchema>;

/** The writable fields of a document (allow-list); HTML is sanitised on save. */
export const BoLegalInputSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    content: z.string().trim().min(1).max(100_000),
  })
  .strict();
export type BoLegalInput = z.infer<typeof BoLegalInputSchema>;
