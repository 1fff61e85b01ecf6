import {
  compareMoney,
  type DocType,
  formatAmount,
  isMoney,
  type LimitBudgetFigure,
  type LimitCapFigure,
  type LimitPreview,
  type LimitPreviewBody,
  type LimitPreviewLineResult,
} from '@ems/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Form, type FormInstance, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { documentApi } from '../api';
import { bodyOf, type DocumentFormValues, keptLineIndexes } from './formValues';

/**
 * The note under each line of the document form (decision 065): where the line stands against its budget and its
 * attendees' caps after all the form's lines, from the server's limit preview, which measures the form as the
 * submit's check would. Advice only: the submit checks again under its locks.
 */

/** The preview's body for what the form holds, and each body line's place in the form; null when nothing to measure. */
export function previewBodyOf(
  docType: DocType,
  values: Pick<DocumentFormValues, 'Lines' | 'CostCenterID' | 'ApplyID' | 'Currency'>,
  doc?: { ID: number },
): { body: LimitPreviewBody; formIndexes: number[] } | null {
  if (docType === 'loan') return null;
  // The lines the save keeps, in its order: the server numbers them as the save will.
  const saved = bodyOf(docType, { ...values, Loans: [] });
  const lines = saved.Lines.map((l) => ({
    ExpenseItemID: l.ExpenseItemID ?? null,
    ExpenseDate: l.ExpenseDate ?? null,
    // An amount still being typed ("12.") counts as none yet.
    Amount: l.Amount && isMoney(l.Amount) ? l.Amount : null,
  }));
  if (!lines.some((l) => l.ExpenseItemID && l.Amount)) return null;
  return {
    body: {
      DocType: docType,
      ...(doc ? { ID: doc.ID } : {}),
      CostCenterID: values.CostCenterID ?? null,
      ApplyID: saved.ApplyID ?? null,
      Currency: values.Currency,
      Lines: lines,
    },
    formIndexes: keptLineIndexes(values),
  };
}

/** One short note under a line: a translation key with its figures, its standing, and every figure behind it. */
export interface LineNote {
  kind: 'budget' | 'cap';
  key: string;
  params: Record<string, string>;
  status: 'ok' | 'warn' | 'block';
  details: { name: string; period: string; amount: string; used: string; requested: string; left: string }[];
}

const least = <T extends { Left: string }>(figures: T[]): T | undefined =>
  figures.reduce<T | undefined>((a, f) => (a === undefined || compareMoney(f.Left, a.Left) < 0 ? f : a), undefined);

const detailsOf = (figures: (LimitBudgetFigure | LimitCapFigure)[]) =>
  figures.map((f) => ({
    name: f.Name,
    period: f.Period,
    amount: formatAmount(f.Amount),
    used: signed(f.Used),
    requested: formatAmount(f.Requested),
    left: signed(f.Left),
  }));

const isNegative = (v: string) => compareMoney(v, '0') < 0;

/** An amount that may be negative, with its sign (formatAmount shows the absolute value). */
const signed = (v: string) => `${isNegative(v) ? '-' : ''}${formatAmount(v)}`;

/**
 * The notes of one line: its tightest budget (least left, when its spend falls in several), then its attendees'
 * tightest cap; nothing where no budget or cap applies.
 */
export function lineNotes(result: LimitPreviewLineResult | undefined): LineNote[] {
  if (!result) return [];
  const notes: LineNote[] = [];
  const budget = least(result.Budgets);
  if (budget) {
    const over = isNegative(budget.Left);
    notes.push({
      kind: 'budget',
      key: over ? 'doc.line.budgetOver' : 'doc.line.budgetLeft',
      params: { amount: formatAmount(budget.Left) },
      status: budget.Status,
      details: detailsOf(result.Budgets),
    });
  }
  const cap = least(result.Caps);
  if (cap) {
    const over = isNegative(cap.Left);
    const yearly = /^\d{4}$/.test(cap.Period);
    notes.push({
      kind: 'cap',
      key: `doc.line.cap${yearly ? '' : 'Month'}${over ? 'Over' : 'Left'}`,
      params: { kind: cap.Kind, period: cap.Period, amount: formatAmount(cap.Left) },
      status: cap.Status,
      details: detailsOf(result.Caps),
    });
  }
  return notes;
}

const TYPE = { ok: 'secondary', warn: 'warning', block: 'danger' } as const;

/** The notes under one line's amount: small, wrapping within the amount's column, coloured by what the submit would do. */
export function LineLimitNotes({ notes, index }: { notes: LineNote[]; index: number }) {
  const { t } = useTranslation();
  if (!notes.length) return null;
  return (
    <Flex vertical style={{ maxWidth: 140, marginTop: 2 }} data-testid={`line-limits-${index}`}>
      {notes.map((n) => (
        <Typography.Text
          key={n.kind}
          type={TYPE[n.status]}
          style={{ fontSize: 12, lineHeight: '16px' }}
          title={n.details.map((d) => t('doc.line.limitDetail', d)).join('\n')}
          data-testid={`line-${n.kind}-${index}`}
          data-status={n.status}
        >
          {t(n.key, { ...n.params, kind: n.kind === 'cap' ? t(`doc.line.capKind.${n.params.kind}`) : undefined })}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** A value once it has stopped changing for `ms`. */
function useSettled<T>(value: T, key: string, ms: number): T {
  const [settled, setSettled] = useState({ key, value });
  // The key says when the value changed: the form hands a new object on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on `key`, not on the object's identity
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ key, value }), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled.value;
}

/**
 * The limit preview of the form being edited: asked 400 ms after its lines, cost centre or apply stop changing,
 * once per distinct content (react-query keyed on exactly what is sent, and the document's version, which every part
 * change moves). Answers each form line's notes. A failed preview shows nothing: the submit still checks.
 */
export function useLineLimits(
  form: FormInstance<DocumentFormValues>,
  docType: DocType,
  doc?: { ID: number; Version: number },
): (formIndex: number) => LineNote[] {
  const { culture } = useBoot();
  const lines = Form.useWatch('Lines', form);
  const costCentreId = Form.useWatch('CostCenterID', form);
  const applyId = Form.useWatch('ApplyID', form);
  const currency = Form.useWatch('Currency', form) ?? 'CNY';
  const now = previewBodyOf(
    docType,
    { Lines: lines ?? [], CostCenterID: costCentreId, ApplyID: applyId, Currency: currency },
    doc,
  );
  const nowKey = JSON.stringify(now);
  const settled = useSettled(now, nowKey, 400);
  const preview = useQuery({
    queryKey: ['limits', 'preview', culture, doc?.Version ?? 0, settled?.body],
    queryFn: (): Promise<LimitPreview> => documentApi.limitPreview(settled!.body),
    enabled: settled !== null,
    staleTime: 30_000,
    retry: false,
    // The notes stay while the next figures are on their way, instead of blinking at each pause.
    placeholderData: keepPreviousData,
  });
  const data = settled === null ? undefined : preview.data;
  return (formIndex) => {
    const at = settled?.formIndexes.indexOf(formIndex) ?? -1;
    return at < 0 ? [] : lineNotes(data?.Lines.find((l) => l.Index === at));
  };
}
