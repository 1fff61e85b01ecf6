import {
  type ClinicalTrialHcoList,
  type Culture,
  type CustomerReasonList,
  type DeleteDocumentRowsBody,
  type SaveChooseCustomerBody,
  type SaveClinicalTrialHcoBody,
  type SaveCustomerReasonBody,
  type SelectedCustomerList,
  splitPerHead,
} from '@ems/contracts';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { fieldError, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName, localText } from '../../../core/i18n';
import { baseInfoItems } from '../../masterdata/baseinfo/baseinfo.service';
import { activeCustomers } from '../../masterdata/customers/customer.service';
import { visible } from '../document.service';
import { allowedActions, entitled } from '../lifecycle/document.policy';
import { transition } from '../lifecycle/transition';
import * as repo from './customer.repository';

/** The base-info list the reasons for inviting a customer come from. */
export const CUSTOMER_REASON_LIST = 'CUSTOMER_REASON';

/** The document as a reader sees it: its version, and whether the caller may change its lists now. */
export async function readable(db: Db, user: SessionUser, documentId: number) {
  const found = await visible(db, user, documentId);
  return {
    DocumentID: found.d.id,
    Version: found.d.version,
    Editable: allowedActions(user, found.d, false).includes('edit'),
  };
}

/**
 * One change to a document's customers, clinical-trial HCOs or lecturer agreements: under the document's row lock,
 * at the version the caller loaded, only while its owner may edit it, with the audit row (`transition`, action
 * edit: the document's version moves on, its state stays).
 */
export async function changeDocument(
  ctx: DbContext,
  user: SessionUser,
  req: { documentId: number; version: number; requestId: string; auditAction: string },
  work: (tx: Db) => Promise<Record<string, unknown>>,
): Promise<void> {
  await transition(
    ctx,
    user,
    { id: req.documentId, version: req.version, action: 'edit', call: req.auditAction, requestId: req.requestId },
    async (tx, d) => {
      if (!entitled(user, d, 'edit')) throw refused('customer.not_owner');
      const detail = await work(tx);
      return { to: d.status, auditAction: req.auditAction, detail };
    },
  );
}

/**
 * Removes rows of one of a document's lists (attendees, clinical-trial HCOs, lecturer agreements) as one change;
 * an id not on the document refuses the whole change with `missing`.
 */
export async function removeFromDocument(
  ctx: DbContext,
  user: SessionUser,
  body: DeleteDocumentRowsBody,
  requestId: string,
  spec: {
    auditAction: string;
    missing: string;
    remove: (tx: Db, documentId: number, ids: number[]) => Promise<unknown[]>;
    after?: (tx: Db, documentId: number) => Promise<void>;
  },
): Promise<void> {
  await changeDocument(
    ctx,
    user,
    { documentId: body.DocumentID, version: body.Version, requestId, auditAction: spec.auditAction },
    async (tx) => {
      const removed = await spec.remove(tx, body.DocumentID, body.IDs);
      if (removed.length !== new Set(body.IDs).size) throw fieldError('IDs', spec.missing);
      await spec.after?.(tx, body.DocumentID);
      return { removed };
    },
  );
}

/**
 * Gives every attendee their share of the line's amount again (largest remainder, in the order they were chosen),
 * after dropping the attendees of lines that are gone or whose item no longer involves HCP. Run in the transaction
 * of any change to the attendees or to the lines.
 */
export async function rebalance(tx: Db, documentId: number): Promise<void> {
  const lines = (await repo.linesOf(tx, documentId)).filter((l) => l.involvesHcp);
  await repo.dropOrphans(
    tx,
    documentId,
    lines.map((l) => l.lineNo),
  );
  const attendees = await repo.attendeesOf(tx, documentId);
  const shares: { id: number; amount: string | null }[] = [];
  for (const l of lines) {
    const ofLine = attendees.filter((a) => a.a.lineNo === l.lineNo);
    const split = l.amount === null ? ofLine.map(() => null) : splitPerHead(l.amount, ofLine.length);
    ofLine.forEach((a, i) => {
      if (a.a.amount !== split[i]) shares.push({ id: a.a.id, amount: split[i] ?? null });
    });
  }
  await repo.setShares(tx, shares);
}

/** Search_SelectedCustomerList: the lines that take attendees and who attends each, with their share. */
export async function selected(
  db: Db,
  user: SessionUser,
  documentId: number,
  culture: Culture,
): Promise<SelectedCustomerList> {
  const head = await readable(db, user, documentId);
  const [lines, rows] = await Promise.all([repo.linesOf(db, documentId), repo.attendeesOf(db, documentId)]);
  const heads = new Map<number, number>();
  for (const r of rows) heads.set(r.a.lineNo, (heads.get(r.a.lineNo) ?? 0) + 1);
  return {
    ...head,
    Lines: lines
      .filter((l) => l.involvesHcp)
      .map((l) => ({
        LineNo: l.lineNo,
        ExpenseItemName: l.itemZh === null ? null : localName(culture, l.itemZh, l.itemEn),
        Amount: l.amount,
        Currency: l.currency,
        Heads: heads.get(l.lineNo) ?? 0,
      })),
    Rows: rows.map((r) => {
      const isHcp = r.a.hcpId !== null;
      const nameOf = (zh: string | null, en: string | null) => (zh === null ? null : localName(culture, zh, en ?? zh));
      const hcoName = isHcp ? nameOf(r.hcpHcoZh, r.hcpHcoEn) : nameOf(r.hcoZh, r.hcoEn);
      return {
        ID: r.a.id,
        LineNo: r.a.lineNo,
        Kind: isHcp ? ('HCP' as const) : ('HCO' as const),
        CustomerID: (isHcp ? r.a.hcpId : r.a.hcoId)!,
        Code: (isHcp ? r.hcpCode : r.hcoCode) ?? '',
        Name: (isHcp ? nameOf(r.hcpZh, r.hcpEn) : hcoName) ?? '',
        HCOName: isHcp ? hcoName : null,
        Title: localText(culture, r.titleZh, r.titleEn),
        Department: r.department,
        ReasonID: r.a.reasonId,
        ReasonName: r.reasonZh === null ? null : localName(culture, r.reasonZh, r.reasonEn),
        Amount: r.a.amount,
      };
    }),
  };
}

/** GetCustomerReasonList: the company's active reasons for inviting a customer (a base-info list). */
export async function reasons(db: Db, user: SessionUser, culture: Culture): Promise<CustomerReasonList> {
  const rows = await baseInfoItems(
    db,
    { userId: user.userId, companyId: user.companyId, teamId: user.teamId, culture, requestId: '' },
    CUSTOMER_REASON_LIST,
  );
  return { Rows: rows.map((r) => ({ ReasonID: r.BaseInfoID, Code: r.Code, Name: r.Name })) };
}

/** The ids of the company's active reasons. */
async function reasonIds(db: Db, user: SessionUser): Promise<Set<number>> {
  return new Set((await reasons(db, user, 'zh-CN')).Rows.map((r) => r.ReasonID));
}

/**
 * SaveChooseCustomer: adds HCPs or HCOs to a line whose item involves HCP, and splits the line per head again;
 * answers the attendees as they are now (so do the other changes below: their list after the change).
 */
export async function choose(
  ctx: DbContext,
  user: SessionUser,
  body: SaveChooseCustomerBody,
  culture: Culture,
  requestId: string,
) {
  const hcps = body.Customers.filter((c) => c.Kind === 'HCP').map((c) => c.CustomerID);
  const hcos = body.Customers.filter((c) => c.Kind === 'HCO').map((c) => c.CustomerID);
  const known = await activeCustomers(ctx.db, user.companyId, { hcps, hcos });
  const usable = await reasonIds(ctx.db, user);
  for (const [i, c] of body.Customers.entries()) {
    if (!(c.Kind === 'HCP' ? known.hcps.has(c.CustomerID) : known.hcos.has(c.CustomerID)))
      throw fieldError(`Customers.${i}.CustomerID`, 'customer.unknown');
    if (c.ReasonID && !usable.has(c.ReasonID)) throw fieldError(`Customers.${i}.ReasonID`, 'customer.reason_unknown');
  }
  const keys = body.Customers.map((c) => `${c.Kind}:${c.CustomerID}`);
  if (new Set(keys).size !== keys.length) throw fieldError('Customers', 'customer.chosen_twice');
  await changeDocument(
    ctx,
    user,
    { documentId: body.DocumentID, version: body.Version, requestId, auditAction: 'customer_choose' },
    async (tx) => {
      const line = (await repo.linesOf(tx, body.DocumentID)).find((l) => l.lineNo === body.LineNo);
      if (!line) throw fieldError('LineNo', 'customer.line_unknown');
      if (!line.involvesHcp) throw refused('customer.line_not_hcp', { line: body.LineNo });
      const already = new Set(
        (await repo.attendeesOf(tx, body.DocumentID))
          .filter((a) => a.a.lineNo === body.LineNo)
          .map((a) => (a.a.hcpId !== null ? `HCP:${a.a.hcpId}` : `HCO:${a.a.hcoId}`)),
      );
      const twice = keys.findIndex((k) => already.has(k));
      if (twice >= 0) throw fieldError(`Customers.${twice}.CustomerID`, 'customer.already_chosen');
      await repo.insertAttendees(
        tx,
        body.Customers.map((c) => ({
          documentId: body.DocumentID,
          lineNo: body.LineNo,
          hcpId: c.Kind === 'HCP' ? c.CustomerID : null,
          hcoId: c.Kind === 'HCO' ? c.CustomerID : null,
          reasonId: c.ReasonID ?? null,
        })),
      );
      await rebalance(tx, body.DocumentID);
      return { lineNo: body.LineNo, added: keys };
    },
  );
  return selected(ctx.db, user, body.DocumentID, culture);
}

/** SaveCustomerReasonSingle: the reason one attendee is there. */
export async function saveReason(
  ctx: DbContext,
  user: SessionUser,
  body: SaveCustomerReasonBody,
  culture: Culture,
  requestId: string,
) {
  if (!(await reasonIds(ctx.db, user)).has(body.ReasonID)) throw fieldError('ReasonID', 'customer.reason_unknown');
  await changeDocument(
    ctx,
    user,
    { documentId: body.DocumentID, version: body.Version, requestId, auditAction: 'customer_reason' },
    async (tx) => {
      if (!(await repo.setReason(tx, body.DocumentID, body.ID, body.ReasonID)))
        throw fieldError('ID', 'customer.not_chosen');
      return { attendee: body.ID, reason: body.ReasonID };
    },
  );
  return selected(ctx.db, user, body.DocumentID, culture);
}

/** DeleteChooseCustomer: removes attendees and splits their lines per head again. */
export async function unchoose(
  ctx: DbContext,
  user: SessionUser,
  body: DeleteDocumentRowsBody,
  culture: Culture,
  requestId: string,
) {
  await removeFromDocument(ctx, user, body, requestId, {
    auditAction: 'customer_remove',
    missing: 'customer.not_chosen',
    remove: repo.deleteAttendees,
    after: rebalance,
  });
  return selected(ctx.db, user, body.DocumentID, culture);
}

/** SearchClinicalTrialHCO: the clinical-trial HCOs kept on the document. */
export async function clinicalHcos(
  db: Db,
  user: SessionUser,
  documentId: number,
  culture: Culture,
): Promise<ClinicalTrialHcoList> {
  const head = await readable(db, user, documentId);
  const rows = await repo.clinicalOf(db, documentId);
  return {
    ...head,
    Rows: rows.map((r) => ({
      ID: r.c.id,
      HCOID: r.c.hcoId,
      Code: r.code,
      Name: localName(culture, r.nameZh, r.nameEn),
      Level: r.level,
      City: localText(culture, r.cityZh, r.cityEn),
      Remark: r.c.remark,
    })),
  };
}

/** SaveClinicalTrialHCO: keeps clinical-trial HCOs on the document (an HCO already kept stays as it was). */
export async function saveClinical(
  ctx: DbContext,
  user: SessionUser,
  body: SaveClinicalTrialHcoBody,
  culture: Culture,
  requestId: string,
) {
  const known = await activeCustomers(ctx.db, user.companyId, { hcps: [], hcos: body.HCOIDs });
  for (const [i, id] of body.HCOIDs.entries()) {
    const trial = known.hcos.get(id);
    if (trial === undefined) throw fieldError(`HCOIDs.${i}`, 'customer.unknown');
    if (!trial) throw fieldError(`HCOIDs.${i}`, 'customer.not_clinical_trial');
  }
  await changeDocument(
    ctx,
    user,
    { documentId: body.DocumentID, version: body.Version, requestId, auditAction: 'clinical_hco_save' },
    async (tx) => {
      const added = await repo.insertClinical(
        tx,
        [...new Set(body.HCOIDs)].map((hcoId) => ({ documentId: body.DocumentID, hcoId, remark: body.Remark ?? null })),
      );
      return { added: added.map((a) => a.hcoId) };
    },
  );
  return clinicalHcos(ctx.db, user, body.DocumentID, culture);
}

/** DeleteClinicalTrialHCO. */
export async function deleteClinical(
  ctx: DbContext,
  user: SessionUser,
  body: DeleteDocumentRowsBody,
  culture: Culture,
  requestId: string,
) {
  await removeFromDocument(ctx, user, body, requestId, {
    auditAction: 'clinical_hco_delete',
    missing: 'customer.not_on_document',
    remove: repo.deleteClinical,
  });
  return clinicalHcos(ctx.db, user, body.DocumentID, culture);
}

/** The lines with an attendee whose reason is not given yet (submit refuses them). */
export async function linesWithoutReasons(db: Db, documentId: number): Promise<number[]> {
  const rows = await repo.attendeesOf(db, documentId);
  return [...new Set(rows.filter((r) => r.a.reasonId === null).map((r) => r.a.lineNo))];
}

/** Whether a document has attendees or lecturer agreements: HCP spend, whatever its lines' items say. */
export async function hcpSpendOf(db: Db, documentId: number) {
  return repo.hcpSpendCounts(db, documentId);
}
