import type { MasterNameKind, MasterNameRow, SaveMasterNameBody, SearchMasterNameBody } from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { Db } from '../../../core/db';
import { conflict, notFound } from '../../../core/errors';
import { audit, auditEntry } from '../../audit/audit.service';
import * as costCentreHistory from '../costcentre/history';
import * as repo from './master-names.repository';

function toRow(kind: MasterNameKind, r: repo.NameRecord): MasterNameRow {
  return {
    Key: `${kind}:${r.id}`,
    Kind: kind,
    ID: r.id,
    Code: r.code,
    Owner: r.owner,
    NameZH: r.nameZh,
    NameEN: r.nameEn,
    Active: r.active,
    Version: r.version,
  };
}

export async function searchNames(db: Db, actor: Actor, q: SearchMasterNameBody) {
  const { total, rows } = await repo.searchNames(db, actor.companyId, q);
  return { Total: total, Rows: rows.map((r) => toRow(q.Kind, r)) };
}

/** Renames any kind of master data in both languages; a cost centre's rename also goes into its history. */
export async function saveName(db: Db, actor: Actor, body: SaveMasterNameBody): Promise<MasterNameRow> {
  return db.transaction(async (tx) => {
    const before = await repo.findName(tx, body.Kind, actor.companyId, body.ID);
    if (!before) throw notFound();
    const names = { nameZh: body.NameZH, nameEn: body.NameEN };
    if (!(await repo.rename(tx, body.Kind, body.ID, body.Version, names))) throw conflict();
    const after = (await repo.findName(tx, body.Kind, actor.companyId, body.ID))!;
    // The full snapshot, as every other change of a cost centre writes it: its history compares snapshots.
    if (body.Kind === 'cost_centre') await costCentreHistory.recordHistory(tx, actor, body.ID, 'rename');
    await audit(
      tx,
      auditEntry(actor, {
        action: 'rename',
        entity: body.Kind,
        entityId: body.ID,
        detail: {
          code: before.code,
          from: { zh: before.nameZh, en: before.nameEn },
          to: { zh: after.nameZh, en: after.nameEn },
        },
      }),
    );
    return toRow(body.Kind, after);
  });
}
