import type { BoHelpTopic, BoHelpTopicInput, HelpCenter, HelpItem } from '@playhouse/contract/help';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { boundedMemo } from '../../lib/bounded-memo.ts';
import { now } from '../../lib/clock.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { sanitizeContent } from '../content/sanitize.ts';
import type { Db } from '../operators/operators.repository.ts';
import { HELP_SEED } from './help-seed.ts';
import * as repo from './help.repository.ts';
import type { HelpTopicRow } from './help.repository.ts';

interface Actor {
  id: number;
  ip: string;
}

/** Rendered (re-sanitised) content by topic id and version: cleaned on save, and again on the way out. */
const RENDERED = 2000;

/**
 * The help centre (spec §2, §3 Help item, §7): the operator's topics per language, grouped into tabs
 * by tag. Operator HTML is sanitised when saved and again when served, so a row written by any
 * other path (an import, an old version) still cannot carry script to a player.
 */
export function createHelpService(db: Db, audit: AuditService) {
  const rendered = boundedMemo<string, string>(RENDERED);
  const render = (r: HelpTopicRow) => {
    const key = `${r.id}:${r.updated_at}`;
    let html = rendered.get(key);
    if (html === undefined) {
      html = sanitizeContent(r.content);
      rendered.set(key, html);
    }
    return html;
  };
  const item = (r: HelpTopicRow): HelpItem => ({
    id: Number(r.id),
    tag: r.tag,
    tabTitle: r.tab_title,
    title: r.title,
    content: render(r),
  });
  const boItem = (r: HelpTopicRow): BoHelpTopic => ({
    ...item(r),
    language: r.language,
    sortOrder: Number(r.sort_order),
    updatedAt: Number(r.updated_at),
  });
  const record = (operatorId: number, actor: Actor, action: string, id: number, detail: object, trx: Db) =>
    audit.record(
      {
        operatorId,
        actorType: 'staff',
        actorId: String(actor.id),
        action,
        target: `help:${id}`,
        detail,
        ip: actor.ip,
      },
      trx,
    );

  return {
    /**
     * A language's help centre; a language without topics shows the operator's default language's,
     * then English, so a player never meets an empty help centre the operator did fill in.
     */
    async center(operatorId: number, languages: readonly string[]): Promise<HelpCenter> {
      for (const language of [...new Set([...languages, 'EN'])]) {
        const rows = await repo.listTopics(db, operatorId, language);
        if (rows.length) return { language, items: rows.map(item) };
      }
      return { language: languages[0] ?? 'EN', items: [] };
    },

    async list(operatorId: number, language?: string): Promise<BoHelpTopic[]> {
      return (await repo.listTopics(db, operatorId, language)).map(boItem);
    },

    async create(operatorId: number, input: BoHelpTopicInput, actor: Actor): Promise<BoHelpTopic> {
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const newId = await repo.insertTopic(trx, {
          operator_id: operatorId,
          language: input.language,
          tag: input.tag,
          tab_title: input.tabTitle,
          title: input.title,
          content: sanitizeContent(input.content),
          sort_order: input.sortOrder ?? (await repo.nextSortOrder(trx, operatorId, input.language)),
          created_at: at,
          updated_at: at,
        });
        await record(
          operatorId,
          actor,
          'help.topic.created',
          newId,
          { language: input.language, tag: input.tag, title: input.title },
          trx,
        );
        return newId;
      });
      return boItem((await repo.findTopic(db, operatorId, id))!);
    },

    async update(
      operatorId: number,
      id: number,
      input: BoHelpTopicInput,
      actor: Actor,
    ): Promise<BoHelpTopic> {
      await db.transaction().execute(async (trx) => {
        const patch = {
          language: input.language,
          tag: input.tag,
          tab_title: input.tabTitle,
          title: input.title,
          content: sanitizeContent(input.content),
          ...(input.sortOrder === undefined ? {} : { sort_order: input.sortOrder }),
          updated_at: now(),
        };
        if (!(await repo.updateTopic(trx, operatorId, id, patch))) throw new AppError('NOT_FOUND');
        await record(
          operatorId,
          actor,
          'help.topic.updated',
          id,
          { language: input.language, tag: input.tag, title: input.title },
          trx,
        );
      });
      return boItem((await repo.findTopic(db, operatorId, id))!);
    },

    async remove(operatorId: number, id: number, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await repo.findTopic(trx, operatorId, id);
        if (!row || !(await repo.deleteTopic(trx, operatorId, id))) throw new AppError('NOT_FOUND');
        await record(
          operatorId,
          actor,
          'help.topic.deleted',
          id,
          { language: row.language, tag: row.tag, title: row.title },
          trx,
        );
      });
    },

    /** Puts a language's topics in the given order; the ids must be exactly that language's topics. */
    async reorder(operatorId: number, language: string, ids: number[], actor: Actor): Promise<BoHelpTopic[]> {
      await db.transaction().execute(async (trx) => {
        const rows = await repo.listTopics(trx, operatorId, language);
        const known = new Set(rows.map((r) => Number(r.id)));
        if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((i) => !known.has(i)))
          throw fieldError('ids', 'invalidOption');
        const at = now();
        for (const [index, id] of ids.entries())
          await repo.updateTopic(trx, operatorId, id, { sort_order: index, updated_at: at });
        await audit.record(
          {
            operatorId,
            actorType: 'staff',
            actorId: String(actor.id),
            action: 'help.topic.reordered',
            target: `help:${language}`,
            detail: { language, ids },
            ip: actor.ip,
          },
          trx,
        );
      });
      return (await repo.listTopics(db, operatorId, language)).map(boItem);
    },

    /**
     * The platform's own help texts (deposits, withdrawals and turnover, responsible gambling, account
     * security) in each of the operator's languages that has them, for an operator without any
     * topics: one that has topics is left alone.
     */
    async seedDefaults(operatorId: number, languages: readonly string[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if ((await repo.countTopics(trx, operatorId)) > 0) return 0;
        const at = now();
        let n = 0;
        for (const language of languages) {
          const topics = HELP_SEED[language];
          if (!topics) continue;
          for (const [index, t] of topics.entries()) {
            await repo.insertTopic(trx, {
              operator_id: operatorId,
              language,
              tag: t.tag,
              tab_title: t.tab,
              title: t.title,
              content: sanitizeContent(t.html),
              sort_order: index,
              created_at: at,
              updated_at: at,
            });
            n++;
          }
        }
        return n;
      });
    },
  };
}
export type HelpService = ReturnType<typeof createHelpService>;
