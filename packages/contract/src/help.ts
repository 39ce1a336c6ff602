import { z } from 'zod';
import { LanguageCodeSchema } from './settings.ts';

/*
 * Help centre contract (spec §2 "Notice, help, activity, member centre", §3 Help item, §7 Help
 * centre): the operator's help topics per language, grouped into tabs by tag.
 */

/** A tab's tag: lower-case letters, digits and dashes (used in the address, `?tag=deposit`). */
export const HelpTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'invalidFormat');

/** GET /wps/system/helpCenter: `device=MOBILE` and the content language. */
export const HelpCenterQuerySchema = z
  .object({
    device: z.enum(['MOBILE', 'WEB']).optional(),
    lang: z.string().trim().max(8).optional(),
    language: z.string().trim().max(8).optional(),
  })
  .strict();

/** One help item (spec §3): title, HTML content (sanitised) and the tab's tag. */
export const HelpItemSchema = z.object({
  id: z.number(),
  tag: z.string(),
  /** The tab's heading (the same for every item of a tag). */
  tabTitle: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
});
export type HelpItem = z.infer<typeof HelpItemSchema>;

/** The help centre of a language, in the operator's order (tabs in order of their first item). */
export const HelpCenterSchema = z.object({ language: z.string(), items: z.array(HelpItemSchema) });
export type HelpCenter = z.infer<typeof HelpCenterSchema>;

// ---------- back office ----------

export const BoHelpTopicSchema = HelpItemSchema.extend({
  language: z.string(),
  sortOrder: z.number(),
  updatedAt: z.number(),
});
export type BoHelpTopic = z.infer<typeof BoHelpTopicSchema>;

/** The writable fields of a help topic (allow-list); HTML is sanitised on save. */
export const BoHelpTopicInputSchema = z
  .object({
    language: LanguageCodeSchema,
    tag: HelpTagSchema,
    tabTitle: z.string().trim().min(1).max(60),
    title: z.string().trim().min(1).max(120),
    content: z.string().max(100_000),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type BoHelpTopicInput = z.infer<typeof BoHelpTopicInputSchema>;

export const BoHelpListQuerySchema = z.object({ language: LanguageCodeSchema.optional() }).strict();

/** A new order for a language's topics: every id of that language, first to last. */
export const BoHelpOrderSchema = z
  .object({ language: LanguageCodeSchema, ids: z.array(z.number().int().positive()).min(1).max(500) })
  .strict();

export const BoHelpIdParamsSchema = z.object({ id: z.coerce.number().int().positive() }).strict();
