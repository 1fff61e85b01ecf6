import { amountInWords, type Culture, type DocType, type PreviewData } from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import { notFound } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { companyById } from '../../org/org.service';
import { approveUiList } from '../../workflow/approval/approval.service';
import { countOf } from '../attachments/attachment.service';
import { toDetail, visible } from '../document.service';
import { partsForPreview } from '../parts/parts.service';

/**
 * A print-ready view of one document for whoever may see it: the head with names in the caller's language, the
 * lines, the totals with the CNY total in words, the approval route of every round and how many files it has.
 * Without a type, a document of any type (the printed PDF).
 */
export async function preview(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  docType: DocType | undefined,
  culture: Culture,
): Promise<PreviewData> {
  const row = await visible(ctx.db, user, id);
  if (docType && row.d.docType !== docType) throw notFound();
  const d = await toDetail(ctx.db, user, row, culture);
  const company = await companyById(ctx.db, d.CompanyID);
  const route = await approveUiList(ctx.db, user, id, culture);
  const t = (key: string) => ctx.messages.t(key, culture);
  return {
    Header: {
      ID: d.ID,
      DocNo: d.DocNo,
      DocType: d.DocType,
      DocTypeName: t(`preview.docType.${d.DocType}`),
      CompanyName: company ? localName(culture, company.nameZh, company.nameEn) : '',
      ApplicantCode: d.ApplicantCode,
      ApplicantName: d.ApplicantName,
      PreparerName: d.PreparerName,
      TeamName: d.TeamName,
      CostCenterCode: d.CostCenterCode,
      CostCenterName: d.CostCenterName,
      InternalOrderCode: d.InternalOrderCode,
      ExpenseTypeName: d.ExpenseTypeName,
      Currency: d.Currency,
      Reason: d.Reason,
      StartDate: d.StartDate,
      EndDate: d.EndDate,
      Status: d.Status,
      StatusName: t(`doc.status.${d.Status}`),
      CreatedAt: d.CreatedAt,
      SubmittedAt: d.SubmittedAt,
      ApprovedAt: d.ApprovedAt,
      ApplyNo: d.DocType === 'deputy' ? d.ApplyNo : null,
    },
    Lines: d.Lines.map((l) => ({
      LineNo: l.LineNo,
      ExpenseItemName: l.ExpenseItemName,
      ExpenseSubItemName: l.ExpenseSubItemName,
      ExpenseDate: l.ExpenseDate ?? null,
      Amount: l.Amount ?? null,
      Currency: l.Currency,
      FxRate: l.FxRate,
      AmountCNY: l.AmountCNY,
      Description: l.Description ?? null,
    })),
    TotalAmount: d.TotalAmount,
    TotalAmountCNY: d.TotalAmountCNY,
    TotalInWords: amountInWords(d.TotalAmountCNY, culture),
    Route: route.Rows,
    AttachmentCount: await countOf(ctx.db, id),
    ...(await partsForPreview(ctx.db, culture, row.d, user)),
    PrintedAt: new Date().toISOString(),
  };
}
