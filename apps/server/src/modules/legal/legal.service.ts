import type { BoLegalIndex, BoLegalInput, LegalDocument, LegalKind } from '@playhouse/contract/legal';
import { AppError } from '../../lib/app-error.ts';
import { boundedMemo } from '../../lib/bounded-memo.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { sanitizeContent } from '../content/sanitize.ts';
import type { Db } from '../operators/operators.repository.ts';
import { LEGAL_SEED } from './legal-seed.ts';
import * as repo from './legal.repository.ts';
import type { LegalDocumentRow } from './legal.repository.ts';

interface Actor {
  id: number;
  ip: string;
}

/**
 * Legal and responsible-gambling documents (issue 26): one per kind and language per operator. HTML
 * is sanitised when saved and again when served (as the help centre does), so a row written by any
 * other path cannot carry script to a player. Every save is audited with the staff member.
 */
export function createLegalService(db: Db, audit: AuditService) {
  const rendered = boundedMemo<string, string>(500);
  const render = (r: LegalDocumentRow) => {
    const key = `${r.id}:${r.updated_at}`;
    let html = rendered.get(key);
    if (html === undefined) {
      html = sanitizeContent(r.content);
      rendered.set(key, html);
    }
    return html;
  };
  const view = (r: LegalDocumentRow): LegalDocument => ({
    kind: r.kind as LegalKind,
    language: r.language,
    title: r.title,
    content: render(r),
    updatedAt: Number(r.updated_at),
  });

  return {
    /**
     * A document in the first of `languages` that has it, then English: a player whose language the
     * operator has not written yet still reads the terms rather than an empty page.
     */
    async read(operatorId: number, kind: LegalKind, languages: readonly string[]): Promise<LegalDocument> {
      for (const language of [...new Set([...languages, 'EN'])]) {
        const row = await repo.findDocument(db, operatorId, kind, language);
        if (row) return view(row);
      }
      throw new AppError('NOT_FOUND');
    },

    async index(operatorId: number): Promise<BoLegalIndex> {
      return (await repo.listDocuments(db, operatorId)).map((r) => ({
        kind: r.kind as LegalKind,
        language: r.language,
        title: r.title,
        updatedAt: Number(r.updated_at),
      }));
    },

    /** The stored document of exactly this language (the editor edits what is there, no fallback). */
    async get(operatorId: number, kind: LegalKind, language: string): Promise<LegalDocument> {
      const row = await repo.findDocument(db, operatorId, kind, language);
      if (!row) throw new AppError('NOT_FOUND');
      return view(row);
    },

    async save(
      operatorId: number,
      kind: LegalKind,
      language: string,
      input: BoLegalInput,
      actor: Actor,
    ): Promise<LegalDocument> {
      const content = sanitizeContent(input.content);
      await db.transaction().execute(async (trx) => {
        const before = await repo.findDocument(trx, operatorId, kind, language);
        await repo.saveDocument(trx, {
          operator_id: operatorId,
          kind,
          language,
          title: input.title,
          content,
          updated_by: actor.id,
          at: now(),
        });
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(actor.id),
            action: before ? 'legal.document.updated' : 'legal.document.created',
            target: `legal:${kind}:${language}`,
            detail: { kind, language, title: input.title, length: content.length },
            ip: actor.ip,
          },
          trx,
        );
      });
      const row = await repo.findDocument(db, operatorId, kind, language);
      return view(row!);
    },

    /**
     * The platform's demo texts in each of the operator's languages, for an operator without any
     * documents: one that has documents is left alone.
     */
    async seedDefaults(operatorId: number, languages: readonly string[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if ((await repo.countDocuments(trx, operatorId)) > 0) return 0;
        const at = now();
        let n = 0;
        for (const language of languages) {
          const docs = LEGAL_SEED[language];
          if (!docs) continue;
          for (const [kind, doc] of Object.entries(docs)) {
            await repo.saveDocument(trx, {
              operator_id: operatorId,
              kind,
              language,
              title: doc.title,
              content: sanitizeContent(doc.html),
              updated_by: null,
              at,
            });
            n++;
          }
        }
        return n;
      });
    },
  };
}
export type LegalService = ReturnType<typeof createLegalService>;
