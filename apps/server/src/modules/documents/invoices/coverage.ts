import { addMoney, compareMoney, subMoney } from '@ems/contracts';

/**
 * How a reimbursement's lines stand with the fapiao assigned to them (decision 058). Pure: the service reads the
 * lines and the fapiao, this says what each line still lacks and which line a new fapiao most likely belongs to.
 */

/** A document's line as coverage sees it. */
export interface CoverLine {
  lineNo: number;
  amountCny: string | null;
  /** The line's expense item needs a fapiao, and nothing else pays it (a TMC ticket is on the company's account). */
  needsFapiao: boolean;
}

/** A fapiao on the document, with the line it is assigned to. */
export interface CoverFapiao {
  lineNo: number | null;
  totalAmount: string;
}

export interface LineCover {
  lineNo: number;
  needsFapiao: boolean;
  /** What the line's fapiao add up to. */
  covered: string;
  /** What they fall short of the line's amount by; "0.00" when covered or when the line needs none. */
  short: string;
}

/** Each line's cover, in line order. */
export function coverOf(lines: readonly CoverLine[], fapiao: readonly CoverFapiao[]): LineCover[] {
  return lines.map((l) => {
    const covered = addMoney('0', ...fapiao.filter((f) => f.lineNo === l.lineNo).map((f) => f.totalAmount));
    const gap = l.needsFapiao && l.amountCny !== null ? subMoney(l.amountCny, covered) : '0.00';
    return {
      lineNo: l.lineNo,
      needsFapiao: l.needsFapiao,
      covered,
      short: compareMoney(gap, '0') > 0 ? gap : '0.00',
    };
  });
}

/** The lines whose fapiao fall short of them. */
export function shortLines(cover: readonly LineCover[]): LineCover[] {
  return cover.filter((c) => compareMoney(c.short, '0') > 0);
}

/**
 * The line a fapiao of `total` is added to when its owner names none: the short line it closes exactly, else the
 * first short line, else the document's only line, else the first line of exactly its amount; none (null) when that
 * leaves a choice to guess.
 */
export function defaultLine(lines: readonly CoverLine[], fapiao: readonly CoverFapiao[], total: string): number | null {
  const open = shortLines(coverOf(lines, fapiao));
  const exact = open.find((c) => compareMoney(c.short, total) === 0);
  if (exact) return exact.lineNo;
  if (open[0]) return open[0].lineNo;
  if (lines.length === 1) return lines[0]!.lineNo;
  return lines.find((l) => l.amountCny !== null && compareMoney(l.amountCny, total) === 0)?.lineNo ?? null;
}
