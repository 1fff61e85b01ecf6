import { formatAmount } from '@ems/contracts';
import dayjs, { type Dayjs } from 'dayjs';

export { formatAmount };

/** The language key of the client's "parameter exception" message; bad arguments throw an Error carrying it. */
export const PARAM_EXCEPTION = 'error.paramException';

type DateInput = string | number | Date | Dayjs;

function toDayjs(value: unknown): Dayjs {
  const ok =
    (typeof value === 'string' && value.trim() !== '') ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    value instanceof Date ||
    dayjs.isDayjs(value);
  if (!ok) throw new Error(PARAM_EXCEPTION);
  const d = dayjs(value as DateInput);
  if (!d.isValid()) throw new Error(PARAM_EXCEPTION);
  return d;
}

/** `yyyy-MM-dd`; anything that is not a date throws the parameter exception. */
export function formatDate(value: unknown): string {
  return toDayjs(value).format('YYYY-MM-DD');
}

/** `yyyy-MM-dd HH:mm:ss` for instants (updated at, logged at). */
export function formatDateTime(value: unknown): string {
  return toDayjs(value).format('YYYY-MM-DD HH:mm:ss');
}

/** For table cells: an instant as `yyyy-MM-dd HH:mm:ss`, nothing for empty, the raw text if it is not a date. */
export function displayDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return formatDateTime(value);
  } catch {
    return String(value);
  }
}

/** Room a table column needs besides its header text: sort and filter icons, padding (specification §9). */
export const COLUMN_EXTRA_WIDTH = 72;

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Header text width at the table's 14 px font: full-width (CJK) characters 14 px, others 8 px. */
export function estimateTextWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 14 : 8;
  return width;
}

let canvas: HTMLCanvasElement | null = null;

/** Measures with a canvas where the browser has one, otherwise estimates. */
export function measureText(text: string, font = '14px sans-serif'): number {
  canvas ??= typeof document === 'undefined' ? null : document.createElement('canvas');
  const ctx = canvas?.getContext?.('2d');
  if (!ctx) return estimateTextWidth(text);
  ctx.font = font;
  return Math.ceil(ctx.measureText(text).width);
}

/** Table column width: the width of the header text plus 72 px. */
export function columnWidth(headerText: string, measure: (text: string) => number = measureText): number {
  return Math.ceil(measure(headerText)) + COLUMN_EXTRA_WIDTH;
}
