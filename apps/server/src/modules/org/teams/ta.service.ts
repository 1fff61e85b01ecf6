import type { Culture, SaveTherapeuticAreaBody, SearchTherapeuticAreaBody, TherapeuticAreaRow } from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { duplicateOn, isUniqueViolation, requireVersion, staleVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import * as repo from './team.repository';

type Area = NonNullable<Awaited<ReturnType<typeof repo.findArea>>>;

function toRow(a: Area, teams: number, culture: Culture): TherapeuticAreaRow {
  return {
    TherapeuticAreaID: a.id,
    Code: a.code,
    Name: localName(culture, a.nameZh, a.nameEn),
    NameZH: a.nameZh,
    NameEN: a.nameEn,
    Active: a.active,
    Sort: a.sort,
    TeamCount: teams,
    Version: a.version,
  };
}

export async function search(db: Db, actor: Actor, body: SearchTherapeuticAreaBody) {
  const { companyId, culture } = actor;
  const { total, rows } = await repo.searchAreas(db, companyId, body);
  return { Total: total, Rows: rows.map((r) => toRow(r.a, r.teams, culture)) };
}

export async function save(db: Db, actor: Actor, body: SaveTherapeuticAreaBody) {
  const { culture } = actor;
  try {
    const saved = await db.transaction(async (tx) => {
      const existing = body.TherapeuticAreaID
        ? await repo.findArea(tx, actor.companyId, body.TherapeuticAreaID)
        : undefined;
      if (body.TherapeuticAreaID && !existing) throw notFound();
      const same = await repo.areaByCode(tx, actor.companyId, body.Code);
      if (same && same.id !== existing?.id) throw duplicateOn('Code', 'org.code_duplicate');
      const values = {
        companyId: actor.companyId,
        code: body.Code,
        nameZh: body.NameZH,
        nameEn: body.NameEN,
        active: body.Active,
        sort: body.Sort,
      };
      let row: Area;
      if (existing) {
        const updated = await repo.updateArea(tx, existing.id, requireVersion(body.Version), values);
        if (!updated) throw staleVersion();
        row = updated;
      } else row = await repo.insertArea(tx, values);
      await audit(
        tx,
        auditEntry(actor, {
          action: existing ? 'update' : 'create',
          entity: 'therapeutic_area',
          entityId: row.id,
          detail: { code: row.code, active: row.active },
        }),
      );
      return row;
    });
    const [count] = await repo.areaTeamCount(db, [saved.id]);
    return toRow(saved, count?.n ?? 0, culture);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateOn('Code', 'org.code_duplicate');
    throw err;
  }
}

/** Only areas no team works in may go; the others can be stopped instead. */
export async function remove(db: Db, actor: Actor, ids: number[]) {
  await db.transaction(async (tx) => {
    const used = await repo.areaTeamCount(tx, ids);
    const first = used[0];
    if (first) {
      const area = await repo.findArea(tx, actor.companyId, first.id!);
      if (area) throw refused('org.ta_in_use', { code: area.code, count: first.n });
    }
    const removed = await repo.deleteAreas(tx, actor.companyId, ids);
    if (removed.length !== new Set(ids).size) throw notFound();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'delete',
        entity: 'therapeutic_area',
        entityId: ids.join(','),
        detail: { codes: removed.map((r) => r.code) },
      }),
    );
  });
}
