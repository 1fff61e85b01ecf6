import type { Culture } from '@ems/contracts';
import type { AuditActor } from '../../../core/actor';
import type { Db } from '../../../core/db';
import { localName, type Messages } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import * as repo from './costcentre.repository';
import * as parts from './parts.repository';

/** What a cost centre looked like after a change: kept whole, so history never depends on later edits. */
export interface Snapshot {
  code: string;
  nameZh: string;
  nameEn: string;
  sapCode: string | null;
  type: string;
  status: string;
  validFrom: string | null;
  validTo: string | null;
  ownerTeam: { id: number; code: string; nameZh: string; nameEn: string } | null;
  heads: {
    employeeId: number;
    code: string;
    nameZh: string;
    nameEn: string;
    seq: number;
    amountLimit: string | null;
  }[];
  allotments: { targetId: number; code: string; nameZh: string; nameEn: string; percent: string }[];
  formOrders: { docType: string; seq: number; employeeId: number; code: string; nameZh: string; nameEn: string }[];
}

export async function snapshotOf(db: Db, companyId: number, id: number): Promise<Snapshot> {
  const row = await repo.findById(db, companyId, id);
  if (!row) throw new Error(`cost centre ${id} vanished inside its own transaction`);
  const owner = row.ownerTeamId ? await repo.teamOf(db, companyId, row.ownerTeamId) : undefined;
  const heads = await parts.heads(db, id);
  const allots = await parts.allotments(db, id);
  const orders = await parts.formOrders(db, id);
  return {
    code: row.code,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    sapCode: row.sapCode,
    type: row.type,
    status: row.status,
    validFrom: row.validFrom,
    validTo: row.validTo,
    ownerTeam: owner ? { id: owner.id, code: owner.code, nameZh: owner.nameZh, nameEn: owner.nameEn } : null,
    heads: heads.map((h) => ({
      employeeId: h.employeeId,
      code: h.code,
      nameZh: h.nameZh,
      nameEn: h.nameEn,
      seq: h.seq,
      amountLimit: h.amountLimit,
    })),
    allotments: allots.map((a) => ({
      targetId: a.targetId,
      code: a.code,
      nameZh: a.nameZh,
      nameEn: a.nameEn,
      percent: a.percent,
    })),
    formOrders: orders.map((o) => ({
      docType: o.docType,
      seq: o.seq,
      employeeId: o.employeeId,
      code: o.code,
      nameZh: o.nameZh,
      nameEn: o.nameEn,
    })),
  };
}

/** Writes the history row of a change whose audit row the caller writes (a rename on the names screen). */
export async function recordHistory(tx: Db, actor: AuditActor, id: number, action: string): Promise<Snapshot> {
  const snapshot = await snapshotOf(tx, actor.companyId, id);
  await parts.insertHistory(tx, id, action, actor.userId, snapshot);
  return snapshot;
}

/** Writes the history row and the audit row of a change, in the change's transaction. */
export async function record(tx: Db, actor: AuditActor, id: number, action: string, detail?: Record<string, unknown>) {
  const snapshot = await recordHistory(tx, actor, id, action);
  await audit(
    tx,
    auditEntry(actor, {
      action,
      entity: 'cost_centre',
      entityId: id,
      detail: { code: snapshot.code, ...detail },
    }),
  );
  return snapshot;
}

type Field =
  | 'CostCenterCode'
  | 'NameZH'
  | 'NameEN'
  | 'SapCode'
  | 'Type'
  | 'OwnerTeam'
  | 'Status'
  | 'ValidFrom'
  | 'ValidTo'
  | 'Heads'
  | 'Allotments'
  | 'FormOrders';

/** Each field of a snapshot as the user reads it. */
function rendered(s: Snapshot, culture: Culture, messages: Messages): Record<Field, string> {
  const name = (p: { nameZh: string; nameEn: string; code: string }) =>
    `${localName(culture, p.nameZh, p.nameEn)} (${p.code})`;
  const byDoc = new Map<string, string[]>();
  for (const o of s.formOrders)
    byDoc.set(o.docType, [...(byDoc.get(o.docType) ?? []), localName(culture, o.nameZh, o.nameEn)]);
  return {
    CostCenterCode: s.code,
    NameZH: s.nameZh,
    NameEN: s.nameEn,
    SapCode: s.sapCode ?? '',
    Type: messages.t(`finmd.costCentre.type.${s.type}`, culture),
    OwnerTeam: s.ownerTeam ? name(s.ownerTeam) : '',
    Status: messages.t(`finmd.status.${s.status}`, culture),
    ValidFrom: s.validFrom ?? '',
    ValidTo: s.validTo ?? '',
    Heads: s.heads.map((h) => (h.amountLimit ? `${name(h)} ≤ ${h.amountLimit}` : name(h))).join('; '),
    Allotments: s.allotments.map((a) => `${name(a)} ${a.percent}%`).join('; '),
    FormOrders: [...byDoc]
      .map(([doc, people]) => `${messages.t(`finmd.docType.${doc}`, culture)}: ${people.join(' → ')}`)
      .join('; '),
  };
}

/**
 * A stored snapshot with every part present: renames on the names screen once stored only the names, and such
 * rows must still read.
 */
function complete(s: Partial<Snapshot>): Snapshot {
  return {
    code: s.code ?? '',
    nameZh: s.nameZh ?? '',
    nameEn: s.nameEn ?? '',
    sapCode: s.sapCode ?? null,
    type: s.type ?? '',
    status: s.status ?? '',
    validFrom: s.validFrom ?? null,
    validTo: s.validTo ?? null,
    ownerTeam: s.ownerTeam ?? null,
    heads: Array.isArray(s.heads) ? s.heads : [],
    allotments: Array.isArray(s.allotments) ? s.allotments : [],
    formOrders: Array.isArray(s.formOrders) ? s.formOrders : [],
  };
}

/** The fields that differ between two snapshots (all non-empty ones for the first). */
export function changes(prev: Partial<Snapshot> | null, next: Partial<Snapshot>, culture: Culture, messages: Messages) {
  const after = rendered(complete(next), culture, messages);
  const before = prev ? rendered(complete(prev), culture, messages) : null;
  return (Object.keys(after) as Field[])
    .filter((f) => (before ? before[f] !== after[f] : after[f] !== ''))
    .map((f) => ({ Field: f, Before: before?.[f] ?? '', After: after[f] }));
}
