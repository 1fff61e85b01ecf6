import type { Culture, DocState, PreviewData } from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { renderPdf } from '../../../core/pdf';
import { historyComment } from '../lifecycle/document.state';
import { historyOf } from '../lifecycle/lifecycle.repository';
import { preview } from '../preview/preview.service';

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
/** `yyyy-MM-dd HH:mm` in Asia/Shanghai, the business time zone. */
function at(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * One document as a PDF: its number as a Code 128 barcode (the post centre scans it), the head, the lines with
 * totals, the approval steps and the history of its states. The sheet goes to the shared-service centre with the
 * paper originals, so its labels are in both languages (Chinese first); names and states are in the caller's.
 * The content is the print preview's (the same reading, not a second one), with the history added.
 */
export async function documentPdf(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  culture: Culture,
): Promise<{ fileName: string; pdf: Buffer }> {
  const data = await preview(ctx, user, id, undefined, culture);
  const history = await historyOf(ctx.db, id);
  const pdf = await drawDocument(ctx, data, history, culture);
  return { fileName: `${data.Header.DocNo}.pdf`, pdf };
}

type History = Awaited<ReturnType<typeof historyOf>>;

async function drawDocument(ctx: AppContext, data: PreviewData, history: History, culture: Culture) {
  const both = (key: string) => ctx.messages.both(key);
  const t = (key: string, params?: Record<string, string>) => ctx.messages.t(key, culture, params);
  const state = (s: DocState | null) => (s ? t(`doc.status.${s}`) : '');
  const h = data.Header;
  const title = both(`preview.docType.${h.DocType}`);
  return renderPdf({ title: `${h.DocNo} ${title}` }, async (doc, kit) => {
    await kit.barcode(h.DocNo);
    kit.heading(`${h.CompanyName}\n${title}`);
    const f = (key: string) => both(`preview.field.${key}`);
    kit.fields([
      [f('docNo'), h.DocNo],
      [f('status'), h.StatusName],
      [f('applicant'), `${h.ApplicantName} (${h.ApplicantCode})`],
      [f('preparer'), h.PreparerName],
      [f('team'), h.TeamName ?? ''],
      [f('expenseType'), h.ExpenseTypeName ?? ''],
      [f('costCenter'), [h.CostCenterCode, h.CostCenterName].filter(Boolean).join(' ')],
      [f('internalOrder'), h.InternalOrderCode ?? ''],
      [f('period'), [h.StartDate, h.EndDate].filter(Boolean).join(' ~ ')],
      [f('currency'), h.Currency],
      ...(h.ApplyNo ? [[f('applyNo'), h.ApplyNo] as [string, string]] : []),
      [f('createdAt'), at(h.CreatedAt)],
      [f('submittedAt'), at(h.SubmittedAt)],
      [f('approvedAt'), at(h.ApprovedAt)],
      [f('attachments'), String(data.AttachmentCount)],
      [f('reason'), h.Reason ?? ''],
    ]);

    kit.font('bold', 12);
    doc.text(both('preview.lines'));
    kit.font('regular', 9);
    const l = (key: string) => both(`preview.line.${key}`);
    kit.table(
      [
        { header: l('no'), width: 32, align: 'center', value: (r) => String(r.LineNo) },
        { header: l('item'), value: (r) => [r.ExpenseItemName, r.ExpenseSubItemName].filter(Boolean).join(' / ') },
        { header: l('date'), width: 70, value: (r) => r.ExpenseDate ?? '' },
        { header: l('amount'), width: 90, align: 'right', value: (r) => `${r.Amount ?? ''} ${r.Currency}` },
        { header: l('fxRate'), width: 50, align: 'right', value: (r) => r.FxRate ?? '' },
        { header: l('amountCny'), width: 80, align: 'right', value: (r) => r.AmountCNY ?? '' },
        { header: l('description'), value: (r) => r.Description ?? '' },
      ],
      data.Lines,
    );
    kit.font('regular', 10);
    kit.fields([
      [both('preview.total'), `${data.TotalAmount} ${h.Currency}`],
      [both('preview.totalCny'), data.TotalAmountCNY],
      [both('preview.totalInWords'), data.TotalInWords],
    ]);

    kit.font('bold', 12);
    doc.text(both('preview.routeTitle'));
    kit.font('regular', 9);
    const r = (key: string) => both(`preview.route.${key}`);
    if (data.Route.length === 0) doc.text(t('preview.noRoute')).moveDown(0.5);
    else
      kit.table(
        [
          { header: r('round'), width: 40, align: 'center', value: (s) => String(s.Round) },
          { header: r('step'), value: (s) => s.StepName },
          { header: r('approver'), width: 80, value: (s) => s.ApproverName },
          { header: r('status'), width: 70, value: (s) => t(`doc.step.${s.Status}`) },
          { header: r('actedBy'), width: 80, value: (s) => s.ActedByName ?? '' },
          { header: r('actedAt'), width: 85, value: (s) => at(s.ActedAt) },
          { header: r('comment'), value: (s) => s.Comment ?? '' },
        ],
        data.Route,
      );

    kit.font('bold', 12);
    doc.text(both('print.history'));
    kit.font('regular', 9);
    const p = (key: string) => both(`print.history.${key}`);
    kit.table(
      [
        { header: p('at'), width: 90, value: (x) => at(x.h.at.toISOString()) },
        { header: p('actor'), width: 90, value: (x) => localName(culture, x.actorZh ?? '', x.actorEn ?? '') },
        {
          header: p('change'),
          width: 160,
          value: (x) => `${state(x.h.fromStatus as DocState | null)} → ${state(x.h.toStatus as DocState)}`,
        },
        { header: p('comment'), value: (x) => historyComment(x.h, (key) => t(key)) ?? '' },
      ],
      history,
    );
    kit.font('regular', 8);
    doc.text(t('preview.printedAt', { at: at(data.PrintedAt) }), { align: 'right' });
  });
}
