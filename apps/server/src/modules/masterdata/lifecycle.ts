import type { Culture, StartStop } from '@ems/contracts';
import type { Actor } from '../../core/actor';
import { guarded } from '../../core/checks';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { type AppError, conflict, notFound, refused } from '../../core/errors';
import type { Messages } from '../../core/i18n';
import { audit, auditEntry } from '../audit/audit.service';

/** A master record that is started or stopped and may be deleted while nothing uses it. */
export interface Lifecycled {
  id: number;
  code: string;
  version: number;
  status: string;
}

/**
 * What one kind of master record plugs into the shared start/stop/delete use cases: its repository calls, the
 * prefix of its refusal codes (`<prefix>.in_use`, `<prefix>.in_use_elsewhere`) and how it records a change.
 */
export interface LifecycleSpec<R extends Lifecycled> {
  codes: string;
  lockById(tx: Db, companyId: number, id: number): Promise<R | undefined>;
  setStatus(tx: Db, row: R, status: StartStop): Promise<unknown>;
  /** Counts of what uses the record, by kind (`finmd.usage.<kind>`); all zero when it may be deleted. */
  usage(tx: Db, row: R): Promise<Record<string, number>>;
  remove(tx: Db, row: R): Promise<void>;
  /** Writes the audit row (and any history) of `action` in the change's transaction. */
  record(tx: Db, actor: Actor, row: R, action: 'start' | 'stop' | 'delete'): Promise<void>;
}

/** What keeps a record from being deleted, as one line in the user's language (empty when unused). */
export function usageText(counts: Record<string, number>, culture: Culture, messages: Messages): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => messages.t(`finmd.usage.${what}`, culture, { n }))
    .join(culture === 'en-GB' ? ', ' : '、');
}

/** Starts or stops records; each must be at the version the user saw. Rows already so are left alone. */
export async function setStatus<R extends Lifecycled>(
  spec: LifecycleSpec<R>,
  db: Db,
  actor: Actor,
  items: { ID: number; Version: number }[],
  status: StartStop,
): Promise<number> {
  return db.transaction(async (tx) => {
    let changed = 0;
    for (const item of items) {
      const row = await spec.lockById(tx, actor.companyId, item.ID);
      if (!row) throw notFound();
      if (row.version !== item.Version) throw conflict();
      if (row.status === status) continue;
      await spec.setStatus(tx, row, status);
      await spec.record(tx, actor, row, status === 'started' ? 'start' : 'stop');
      changed++;
    }
    return changed;
  });
}

/** Deletes unused records; one in use is refused, naming what uses it, and should be stopped instead. */
export async function removeUnused<R extends Lifecycled>(
  spec: LifecycleSpec<R>,
  ctx: Pick<AppContext, 'db' | 'messages'>,
  actor: Actor,
  ids: number[],
): Promise<number> {
  return guarded(
    () =>
      ctx.db.transaction(async (tx) => {
        for (const id of ids) {
          const row = await spec.lockById(tx, actor.companyId, id);
          if (!row) throw notFound();
          const uses = usageText(await spec.usage(tx, row), actor.culture, ctx.messages);
          if (uses) throw refused(`${spec.codes}.in_use`, { code: row.code, uses });
          await spec.record(tx, actor, row, 'delete');
          await spec.remove(tx, row);
        }
        return ids.length;
      }),
    { inUse: `${spec.codes}.in_use_elsewhere` },
  );
}

/**
 * What one kind of catalog record plugs into the shared delete of records without a start/stop status: how its rows
 * are found, what keeps one from going (a coded refusal naming it) and how the deletion is removed and audited.
 */
export interface DeleteSpec<R> {
  /** The audit row's entity. */
  entity: string;
  /** The caller's company's rows among `ids`; fewer rows than ids answers 404. */
  find(tx: Db, companyId: number, ids: number[]): Promise<R[]>;
  /** The refusal for the first row still in use; none when every row may go. */
  inUse?(tx: Db, rows: R[]): Promise<AppError | undefined>;
  remove(tx: Db, ids: number[]): Promise<void>;
  /** The audit rows of the deletion: one for the batch, or one a row. */
  audits(rows: R[], ids: number[]): { entityId: string | number; detail: Record<string, unknown> }[];
}

/** Deletes the records in one transaction, all or none: a missing one is a 404, one in use is refused. */
export async function deleteUnused<R>(spec: DeleteSpec<R>, db: Db, actor: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await spec.find(tx, actor.companyId, unique);
    if (rows.length !== unique.length) throw notFound();
    const refusal = await spec.inUse?.(tx, rows);
    if (refusal) throw refusal;
    await spec.remove(tx, unique);
    for (const a of spec.audits(rows, unique)) {
      await audit(tx, auditEntry(actor, { action: 'delete', entity: spec.entity, ...a }));
    }
  });
}
