import { type Culture, joinKey, type SearchLanguageBody, type UpdateLanguageBody } from '@ems/contracts';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { conflict, notFound } from '../../core/errors';
import { audit, auditEntry } from '../audit/audit.service';
import * as repo from './i18n.repository';

export function newVersion(): string {
  return Date.now().toString();
}

/** Published packs per culture, rebuilt when the stored version moves (edits here or on another instance). */
export class LanguagePacks {
  private cache = new Map<Culture, { version: string; json: string }>();

  constructor(private readonly ctx: AppContext) {}

  async version(): Promise<string> {
    return (await repo.getVersion(this.ctx.db)) ?? '0';
  }

  async pack(culture: Culture): Promise<{ version: string; json: string }> {
    const version = await this.version();
    const hit = this.cache.get(culture);
    if (hit && hit.version === version) return hit;
    const rows = await repo.textsOf(this.ctx.db, culture);
    const flat: Record<string, string> = {};
    for (const r of rows.sort((a, b) => joinKey(a.pageId, a.itemId).localeCompare(joinKey(b.pageId, b.itemId)))) {
      flat[joinKey(r.pageId, r.itemId)] = r.content;
    }
    const entry = { version, json: JSON.stringify(flat) };
    this.cache.set(culture, entry);
    return entry;
  }
}

/** Reloads the texts the server renders itself (error messages). */
export async function reloadMessages(ctx: AppContext): Promise<void> {
  // The version before the texts: an edit landing while they are read moves it again, so the next check reloads.
  const version = await repo.getVersion(ctx.db);
  const rows = await repo.allTexts(ctx.db);
  ctx.messages.load(
    rows.map((r) => ({ key: joinKey(r.pageId, r.itemId), culture: r.culture, content: r.content })),
    version,
  );
}

/**
 * Texts edited through another instance reach this one's own messages (errors, notices) within `everyMs`: the
 * edit moves the stored pack version, which is all this reads until it differs from the one the messages were
 * loaded at (so an edit made between the load and the first check is not missed). Returns the stop.
 */
export function followLanguageEdits(ctx: AppContext, everyMs: number, onError: (err: unknown) => void): () => void {
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void (async () => {
      if ((await repo.getVersion(ctx.db)) !== ctx.messages.version) await reloadMessages(ctx);
    })()
      .catch(onError)
      .finally(() => {
        checking = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function toApi(row: NonNullable<Awaited<ReturnType<typeof repo.findById>>>) {
  return {
    ID: row.id,
    PageID: row.pageId,
    ItemID: row.itemId,
    CultureCode: row.cultureCode as Culture,
    ItemContent: row.itemContent,
    Type: row.type,
    Page: row.page,
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

export async function search(db: Db, body: SearchLanguageBody) {
  const { total, rows } = await repo.search(db, body);
  return { Total: total, Rows: rows.map(toApi) };
}

/** Creates or updates one text; the new text is published at once (the pack version moves). */
export async function save(ctx: AppContext, actor: Actor, body: UpdateLanguageBody) {
  const row = await ctx.db.transaction(async (tx) => {
    const same = await repo.findByKey(tx, body.PageID, body.ItemID, body.CultureCode);
    let saved: NonNullable<Awaited<ReturnType<typeof repo.findById>>>;
    if (body.ID) {
      const existing = await repo.findById(tx, body.ID);
      if (!existing) throw notFound();
      if (same && same.id !== body.ID) throw conflict('language.duplicate_key');
      saved = (await repo.update(tx, body.ID, body))!;
    } else {
      if (same) throw conflict('language.duplicate_key');
      saved = await repo.insert(tx, { ...body, edited: true });
    }
    await repo.setVersion(tx, newVersion());
    await audit(
      tx,
      auditEntry(actor, {
        action: body.ID ? 'update' : 'create',
        entity: 'language_resource',
        entityId: saved.id,
        detail: { key: joinKey(saved.pageId, saved.itemId), culture: saved.cultureCode, content: saved.itemContent },
      }),
    );
    return saved;
  });
  await reloadMessages(ctx);
  return toApi(row);
}

export async function remove(ctx: AppContext, actor: Actor, ids: number[]) {
  await ctx.db.transaction(async (tx) => {
    const removed = await repo.removeMany(tx, ids);
    if (removed.length !== new Set(ids).size) throw notFound();
    await repo.setVersion(tx, newVersion());
    await audit(
      tx,
      auditEntry(actor, {
        action: 'delete',
        entity: 'language_resource',
        entityId: ids.join(','),
        detail: { keys: removed.map((r) => joinKey(r.pageId, r.itemId)) },
      }),
    );
  });
  await reloadMessages(ctx);
}

/** Publishes the current texts as new language packs. */
export async function publish(ctx: AppContext, actor: Actor): Promise<string> {
  const version = newVersion();
  await ctx.db.transaction(async (tx) => {
    await repo.setVersion(tx, version);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'publish',
        entity: 'language_pack',
        entityId: version,
      }),
    );
  });
  await reloadMessages(ctx);
  return version;
}
