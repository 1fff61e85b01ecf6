import type { Culture, LimitCapFigure } from '@ems/contracts';
import { mulMoney, splitPerHead } from '@ems/contracts';
import type { Db } from '../../core/db';
import { localName } from '../../core/i18n';
import { shanghaiToday } from '../../core/time';
import type { DraftDocument } from '../limits/limit-checker';
import { matches, measureQuotas, sumUses } from './quota-measure';
import * as repo from './usage.repository';

/**
 * What each line of a form uses of the caps, as the check reads a saved document's (`usesOf`): each attendee's
 * per-head share of the line in the line's currency (`splitPerHead`, as the save splits it), in CNY at the line's rate;
 * an overseas item's spend against that item's overseas cap; and the applicant's own cap on the item (quota kind
 * `employee`, measured only where one is set). In the expense date's year and month. Per line number.
 */
function lineUses(draft: DraftDocument): Map<number, repo.Use[]> {
  const out = new Map<number, repo.Use[]>();
  const today = shanghaiToday();
  for (const line of draft.lines) {
    if (line.amount === null || line.amountCny === null) continue;
    const day = line.expenseDate ?? today;
    const when = { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
    const item = line.expenseItemId ?? 0;
    const shares = line.attendees.length ? splitPerHead(line.amount, line.attendees.length) : [];
    const uses: repo.Use[] = line.attendees.map((a, i) => ({
      kind: a.kind,
      subjectId: a.subjectId,
      expenseItemId: item,
      ...when,
      amount: mulMoney(shares[i]!, line.fxRate ?? '1'),
    }));
    if (line.overseas)
      uses.push({ kind: 'overseas', subjectId: item, expenseItemId: item, ...when, amount: line.amountCny });
    if (item)
      uses.push({
        kind: 'employee',
        subjectId: draft.applicantId,
        expenseItemId: item,
        ...when,
        amount: line.amountCny,
      });
    if (uses.length) out.set(line.lineNo, uses);
  }
  return out;
}

/** How a cap's subject is named on the form: the HCP or HCO, the overseas item, or the employee. */
const FIGURE_KIND = { hcp: 'HCP', hco: 'HCO', overseas: 'Overseas', employee: 'Employee' } as const;
type PreviewedKind = keyof typeof FIGURE_KIND;
const previewed = (kind: string): kind is PreviewedKind => kind in FIGURE_KIND;

/**
 * The caps' side of the limit preview (decision 065): for each attendee of a form's lines, the controlling caps (warn
 * or block) of that HCP or HCO and where each stands after all the form's lines, measured as the check at submit
 * measures them (`measureQuotas`: the subject's use on other documents plus the form's; the document's own earlier
 * use not counted twice) but read without locks and holding nothing. Answered per line number.
 */
export async function previewCaps(
  db: Db,
  draft: DraftDocument,
  culture: Culture,
): Promise<Map<number, LimitCapFigure[]>> {
  const out = new Map<number, LimitCapFigure[]>();
  if (draft.docType === 'loan') return out;
  const byLine = lineUses(draft);
  const uses = sumUses([...byLine.values()].flat());
  if (!uses.length) return out;
  const [quotas, own] = await Promise.all([
    repo.controllingQuotas(db, draft.companyId, uses, { forUpdate: false }),
    draft.documentId === null ? [] : repo.liveRowsOf(db, draft.documentId),
  ]);
  const measured = (await measureQuotas(db, quotas, uses, own)).filter((m) => previewed(m.quota.kind));
  if (!measured.length) return out;
  const names = new Map(
    await Promise.all(
      (Object.keys(FIGURE_KIND) as PreviewedKind[]).map(
        async (kind) =>
          [
            kind,
            await repo.subjectNames(
              db,
              kind,
              measured.filter((m) => m.quota.kind === kind).map((m) => m.quota.subjectId),
            ),
          ] as const,
      ),
    ),
  );
  const figures = measured.map(({ quota: q, periods, over }): LimitCapFigure => {
    const p = over ?? periods[0]!;
    const kind = q.kind as PreviewedKind;
    const name = names.get(kind)?.get(q.subjectId);
    return {
      QuotaID: q.id,
      Kind: FIGURE_KIND[kind],
      CustomerID: q.subjectId,
      Name: name ? localName(culture, name.nameZh, name.nameEn) : String(q.subjectId),
      Period: p.period,
      Amount: p.cap.toFixed(2),
      Used: p.used.toFixed(2),
      Requested: p.need.toFixed(2),
      Left: p.cap.minus(p.used).minus(p.need).toFixed(2),
      Status: over ? (q.limitStatus === 2 ? 'block' : 'warn') : 'ok',
    };
  });
  for (const [lineNo, lineUses] of byLine) {
    const list = figures.filter((_, i) => lineUses.some((u) => matches(measured[i]!.quota, u)));
    if (list.length) out.set(lineNo, list);
  }
  return out;
}
