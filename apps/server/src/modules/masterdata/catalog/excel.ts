import type { Culture, ImportResult } from '@ems/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../core/actor';
import { guarded, staleVersion } from '../../../core/checks';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import type { Messages } from '../../../core/i18n';
import { callerUpload, type ImportColumn } from '../../../core/import';
import { audit, auditEntry } from '../../audit/audit.service';

/** The uploaded workbook of an import, in the language the form names; the form may not speak for another user. */
export async function importUpload(req: FastifyRequest): Promise<{ data: Buffer; culture: Culture }> {
  const { data } = await callerUpload(req);
  return { data, culture: req.culture };
}

/** A sheet cell: blank is "not given", so a missing required value reads "Required". */
export const cell = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const YES = new Set(['是', '启用', 'yes', 'y', 'true', '1', 'active']);
const NO = new Set(['否', '停用', 'no', 'n', 'false', '0', 'inactive']);

/** 是/否 or Yes/No (blank: yes); undefined when the text is neither. */
export function yesNo(text: string | undefined): boolean | undefined {
  if (text === undefined) return true;
  const v = text.trim().toLowerCase();
  return YES.has(v) ? true : NO.has(v) ? false : undefined;
}

export function yesNoText(messages: Messages, culture: Culture, value: boolean): string {
  return value ? messages.t('expenseMaster.value.yes', culture) : messages.t('expenseMaster.value.no', culture);
}

/** Export columns in the import's layout: the same header texts, so an exported file imports again. */
export function headerOf(messages: Messages, culture: Culture, columns: ImportColumn[], key: string): string {
  const c = columns.find((x) => x.key === key);
  return c ? messages.t(c.headerKey, culture) : key;
}

/** One row of an import keyed by code: the code and the values it sets. */
export interface CodedRow<V> {
  code: string;
  values: V;
}

/**
 * Applies an import keyed by code in one transaction. The rows already holding the file's codes are read under
 * their lock, so `plan` checks the file against the state it changes (and refuses the whole file by throwing);
 * then each code found is updated, the rest inserted, and one `import` audit row names the codes. A code inserted
 * by someone else meanwhile is a 409 "changed meanwhile": importing again updates it.
 */
export async function importByCode<R extends { id: number; code: string }, V>(
  ctx: AppContext,
  actor: Actor,
  entity: string,
  codes: string[],
  ops: {
    lock(tx: Db, codes: string[]): Promise<R[]>;
    plan(tx: Db, existing: Map<string, R>): Promise<CodedRow<V>[]>;
    insert(tx: Db, code: string, values: V): Promise<unknown>;
    update(tx: Db, row: R, values: V): Promise<unknown>;
  },
): Promise<ImportResult> {
  return guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        const existing = new Map((await ops.lock(tx, codes)).map((r) => [r.code, r]));
        const plan = await ops.plan(tx, existing);
        let created = 0;
        for (const p of plan) {
          const before = existing.get(p.code);
          if (before) await ops.update(tx, before, p.values);
          else {
            await ops.insert(tx, p.code, p.values);
            created++;
          }
        }
        const updated = plan.length - created;
        await audit(
          tx,
          auditEntry(actor, { action: 'import', entity, detail: { created, updated, codes: plan.map((p) => p.code) } }),
        );
        return { Imported: plan.length, Created: created, Updated: updated };
      }),
    { duplicate: staleVersion() },
  );
}
