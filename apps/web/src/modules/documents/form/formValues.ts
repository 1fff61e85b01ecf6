import {
  type AttendeeLine,
  addMoney,
  type DocType,
  type DocumentDetail,
  type ExpenseTypeDetailInfo,
  isMoney,
  type LoanLink,
  money,
  type SaveDocumentBody,
} from '@ems/contracts';
import dayjs, { type Dayjs } from 'dayjs';

export interface LineValues {
  ExpenseItemID?: number | null;
  ExpenseSubItemID?: number | null;
  ExpenseDate?: Dayjs | null;
  Amount?: string | null;
  Description?: string | null;
  /** A TMC air ticket the line claims: its amount, date and item are the ticket's (company-paid). */
  TMCTicketID?: number | null;
}

export interface DocumentFormValues {
  ExpenseTypeID?: number | null;
  CostCenterID?: number | null;
  InternalOrderID?: number | null;
  Currency: string;
  Reason?: string | null;
  Dates?: [Dayjs | null, Dayjs | null] | null;
  LongTerm?: boolean;
  /** Loan only. */
  RepayBy?: Dayjs | null;
  ApplyID?: number | null;
  Lines: LineValues[];
  Loans: { LoanID?: number; Amount?: string }[];
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const dateOf = (s: string | null | undefined) => (s ? dayjs(s) : null);
const text = (s: string | null | undefined) => {
  const v = s?.trim();
  return v ? v : null;
};

/** A new document's form: the applicant's default cost centre, one empty line dated today. */
export function emptyValues(defaultCostCentreId: number | null): DocumentFormValues {
  return {
    CostCenterID: defaultCostCentreId,
    Currency: 'CNY',
    Lines: [{ ExpenseDate: dayjs() }],
    Loans: [],
  };
}

export function valuesOf(d: DocumentDetail): DocumentFormValues {
  return {
    ExpenseTypeID: d.ExpenseTypeID,
    CostCenterID: d.CostCenterID,
    InternalOrderID: d.InternalOrderID,
    Currency: d.Currency,
    Reason: d.Reason,
    Dates: d.StartDate || d.EndDate ? [dateOf(d.StartDate), dateOf(d.EndDate)] : null,
    LongTerm: d.LongTerm,
    RepayBy: dateOf(d.RepayBy),
    ApplyID: d.ApplyID,
    Lines: d.Lines.map((l) => ({
      ExpenseItemID: l.ExpenseItemID ?? null,
      ExpenseSubItemID: l.ExpenseSubItemID ?? null,
      ExpenseDate: dateOf(l.ExpenseDate),
      Amount: l.Amount ?? null,
      Description: l.Description ?? null,
      TMCTicketID: l.TMCTicketID ?? null,
    })),
    Loans: d.Loans.map((l: LoanLink) => ({ LoanID: l.LoanID, Amount: l.Amount })),
  };
}

const lineKept = (l: LineValues) =>
  Boolean(l.ExpenseItemID || l.Amount || text(l.Description) || l.ExpenseSubItemID || l.TMCTicketID);
const loanKept = (l: { LoanID?: number; Amount?: string }) => Boolean(l.LoanID && l.Amount);

/** Form indexes of the lines the save body carries, in body order (server errors name body indexes). */
export function keptLineIndexes(v: Pick<DocumentFormValues, 'Lines'>): number[] {
  return (v.Lines ?? []).flatMap((l, i) => (l && lineKept(l) ? [i] : []));
}

export function keptLoanIndexes(v: Pick<DocumentFormValues, 'Loans'>): number[] {
  return (v.Loans ?? []).flatMap((l, i) => (l && loanKept(l) ? [i] : []));
}

/** The save body of the form; lines left wholly empty are dropped, half-filled ones kept for the server to judge. */
export function bodyOf(
  docType: DocType,
  v: DocumentFormValues,
  existing?: { ID: number; Version: number },
): SaveDocumentBody {
  const lines = (v.Lines ?? []).filter(lineKept);
  return {
    ...(existing ? { ID: existing.ID, Version: existing.Version } : {}),
    ExpenseTypeID: v.ExpenseTypeID ?? null,
    CostCenterID: v.CostCenterID ?? null,
    InternalOrderID: v.InternalOrderID ?? null,
    Currency: v.Currency,
    Reason: text(v.Reason),
    StartDate: day(v.Dates?.[0]),
    EndDate: day(v.Dates?.[1]),
    ...(docType === 'apply' ? { LongTerm: v.LongTerm ?? false } : {}),
    ...(docType === 'loan' ? { RepayBy: day(v.RepayBy) } : {}),
    ApplyID: docType === 'deputy' ? (v.ApplyID ?? null) : null,
    Lines: lines.map((l) => ({
      ExpenseItemID: l.ExpenseItemID ?? null,
      ExpenseSubItemID: l.ExpenseSubItemID ?? null,
      ExpenseDate: day(l.ExpenseDate),
      Amount: l.Amount?.trim() ? l.Amount.trim() : null,
      Currency: v.Currency,
      Description: text(l.Description),
      ...(l.TMCTicketID ? { TMCTicketID: l.TMCTicketID } : {}),
    })),
    Loans:
      docType === 'deputy'
        ? (v.Loans ?? []).filter(loanKept).map((l) => ({ LoanID: l.LoanID!, Amount: l.Amount!.trim() }))
        : [],
  };
}

/** The lines' total as the form shows it while typing; amounts not yet valid count as nothing. */
export function linesTotal(lines: readonly LineValues[] | undefined): string {
  const amounts = (lines ?? []).map((l) => l?.Amount?.trim() ?? '').filter((a) => a !== '' && isMoney(a));
  return addMoney(money('0'), ...amounts);
}

/**
 * The lines of a form not saved yet that take attendees (their item involves HCP), numbered as the save will number
 * them (the kept lines in order, from 1), with nobody attending yet.
 */
export function attendeeLinesOf(
  v: Pick<DocumentFormValues, 'Lines' | 'Currency'>,
  items: ExpenseTypeDetailInfo['Items'],
): AttendeeLine[] {
  return keptLineIndexes(v).flatMap((formIndex, i) => {
    const line = v.Lines[formIndex]!;
    const item = items.find((x) => x.ID === line.ExpenseItemID);
    if (!item?.InvolvesHcp) return [];
    const amount = line.Amount?.trim() ?? '';
    return [
      {
        LineNo: i + 1,
        ExpenseItemName: item.Name,
        Amount: amount !== '' && isMoney(amount) ? money(amount) : null,
        Currency: v.Currency,
        Heads: 0,
      },
    ];
  });
}
