import {
  afterLabourTax,
  type Culture,
  type DeleteDocumentRowsBody,
  grossUpLabourTax,
  type LecturerAgreementList,
  type LecturerAgreementRow,
  labourTax,
  money,
  type SaveLecturerAgreementBody,
  subMoney,
} from '@ems/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { fieldError, notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName, localText } from '../../../core/i18n';
import { renderPdf } from '../../../core/pdf';
import { activeCustomers } from '../../masterdata/customers/customer.service';
import { visible } from '../document.service';
import * as repo from './customer.repository';
import { changeDocument, readable, removeFromDocument } from './customer.service';

function toRow(r: repo.AgreementRow, culture: Culture): LecturerAgreementRow {
  return {
    ID: r.l.id,
    DocumentID: r.l.documentId,
    DocNo: r.docNo,
    HCPID: r.l.hcpId,
    HCPCode: r.hcpCode,
    HCPName: localName(culture, r.hcpZh, r.hcpEn),
    HCOName: r.hcoZh === null ? null : localName(culture, r.hcoZh, r.hcoEn),
    Title: localText(culture, r.titleZh, r.titleEn),
    Department: r.department,
    MeetingName: r.l.meetingName,
    MeetingDate: r.l.meetingDate,
    Topic: r.l.topic,
    FeeBasis: r.l.feeBasis,
    FeeBeforeTax: r.l.feeBeforeTax,
    Tax: r.l.tax,
    FeeAfterTax: r.l.feeAfterTax,
    WithheldTax: r.l.withheldTax,
    Version: r.l.version,
  };
}

/** The fee before tax, the individual income tax withheld and the fee after it, from whichever fee was agreed. */
export function feesOf(basis: 'gross' | 'net', fee: string) {
  const feeBeforeTax = basis === 'gross' ? money(fee) : grossUpLabourTax(fee);
  const tax = labourTax(feeBeforeTax);
  return {
    feeBeforeTax,
    tax,
    feeAfterTax: basis === 'gross' ? afterLabourTax(feeBeforeTax) : subMoney(feeBeforeTax, tax),
  };
}

/** SearchLecturerAgreement: a document's lecturer agreements. */
export async function list(
  db: Db,
  user: SessionUser,
  documentId: number,
  culture: Culture,
): Promise<LecturerAgreementList> {
  const head = await readable(db, user, documentId);
  return { ...head, Rows: (await repo.agreementsOf(db, documentId)).map((r) => toRow(r, culture)) };
}

/** SaveLecturerAgreementSingle: adds or changes one agreement, the tax worked out from the fee agreed. */
export async function save(
  ctx: DbContext,
  user: SessionUser,
  body: SaveLecturerAgreementBody,
  culture: Culture,
  requestId: string,
) {
  const known = await activeCustomers(ctx.db, user.companyId, { hcps: [body.HCPID], hcos: [] });
  if (!known.hcps.has(body.HCPID)) throw fieldError('HCPID', 'customer.unknown');
  if (money(body.Fee) === '0.00') throw fieldError('Fee', 'lecturer.fee_zero');
  const fees = feesOf(body.FeeBasis, body.Fee);
  const values = {
    documentId: body.DocumentID,
    hcpId: body.HCPID,
    meetingName: body.MeetingName,
    meetingDate: body.MeetingDate,
    topic: body.Topic ?? null,
    feeBasis: body.FeeBasis,
    ...fees,
  };
  await changeDocument(
    ctx,
    user,
    { documentId: body.DocumentID, version: body.Version, requestId, auditAction: 'lecturer_agreement_save' },
    async (tx) => {
      const held = await repo.agreementsOf(tx, body.DocumentID);
      if (body.ID !== undefined && !held.some((a) => a.l.id === body.ID)) throw notFound();
      const same = held.find(
        (a) => a.l.hcpId === body.HCPID && a.l.meetingName === body.MeetingName && a.l.id !== body.ID,
      );
      if (same) throw fieldError('HCPID', 'lecturer.duplicate');
      // The document's row lock and version guard the change, so the agreement's own version just moves on.
      const id = body.ID === undefined ? await repo.insertAgreement(tx, values) : body.ID;
      if (body.ID !== undefined) await repo.updateAgreement(tx, body.ID, null, values);
      return { agreement: id, hcp: body.HCPID, ...fees };
    },
  );
  return list(ctx.db, user, body.DocumentID, culture);
}

/** DeleteLecturerAgreement. */
export async function remove(
  ctx: DbContext,
  user: SessionUser,
  body: DeleteDocumentRowsBody,
  culture: Culture,
  requestId: string,
) {
  await removeFromDocument(ctx, user, body, requestId, {
    auditAction: 'lecturer_agreement_delete',
    missing: 'lecturer.not_on_document',
    remove: repo.deleteAgreements,
  });
  return list(ctx.db, user, body.DocumentID, culture);
}

const yuan = (v: string) => `¥ ${v}`;

/** PrintLecturerAgreement: one agreement as a bilingual PDF, for anyone who may see its document. */
export async function print(ctx: AppContext, user: SessionUser, id: number) {
  const r = await repo.agreementById(ctx.db, id);
  if (!r || r.companyId !== user.companyId) throw notFound();
  await visible(ctx.db, user, r.l.documentId);
  const label = (key: string) => ctx.messages.both(key);
  const names = (zh: string, en: string) => (zh === en ? zh : `${zh} ${en}`);
  const blank = '________________';
  const pdf = await renderPdf({ title: `${label('lecturer.pdf.title')} ${r.docNo}` }, async (doc, kit) => {
    await kit.barcode(r.docNo);
    kit.heading(label('lecturer.pdf.title'));
    kit.fields([
      [label('lecturer.pdf.document'), r.docNo],
      [label('lecturer.field.meetingDate'), r.l.meetingDate],
      [label('lecturer.field.meetingName'), r.l.meetingName],
      [label('lecturer.field.topic'), r.l.topic ?? ''],
      [label('lecturer.field.hcp'), names(r.hcpZh, r.hcpEn)],
      [label('customer.field.code'), r.hcpCode],
      [label('customer.field.hco'), r.hcoZh === null ? '' : names(r.hcoZh, r.hcoEn ?? r.hcoZh)],
      [label('customer.field.department'), r.department ?? ''],
      [
        label('customer.field.title'),
        r.titleZh === null ? (r.titleEn ?? '') : names(r.titleZh, r.titleEn ?? r.titleZh),
      ],
      [label('lecturer.field.feeBasis'), label(`lecturer.basis.${r.l.feeBasis}`)],
    ]);
    // Once the claim is in approval, the tax withheld on the lecturer's month and what is paid after it (decision 050).
    const tax = r.l.withheldTax ?? r.l.tax;
    const net = r.l.withheldTax === null ? r.l.feeAfterTax : subMoney(r.l.feeBeforeTax, r.l.withheldTax);
    kit.table(
      [
        { header: label('lecturer.pdf.item'), value: (x: [string, string]) => x[0] },
        { header: label('lecturer.pdf.amount'), width: 160, align: 'right', value: (x: [string, string]) => x[1] },
      ],
      [
        [label('lecturer.field.feeBeforeTax'), yuan(r.l.feeBeforeTax)],
        [label('lecturer.pdf.taxWithheld'), yuan(tax)],
        [label('lecturer.field.feeAfterTax'), yuan(net)],
      ],
    );
    doc.moveDown(1);
    doc.text(`${ctx.messages.t('lecturer.pdf.terms', 'zh-CN')}\n${ctx.messages.t('lecturer.pdf.terms', 'en-GB')}`);
    doc.moveDown(2);
    kit.fields([
      [label('lecturer.pdf.signLecturer'), blank],
      [label('lecturer.pdf.date'), blank],
      [label('lecturer.pdf.signCompany'), blank],
      [label('lecturer.pdf.date'), blank],
    ]);
  });
  return { fileName: `lecturer-agreement-${r.docNo}-${r.l.id}.pdf`, pdf };
}
