import type { FapiaoType } from '@ems/contracts';
import { type ReadFields, type ReadItem, toDate, toMoney, toName, toRate, toTaxId } from './fields';

/**
 * The printed fapiao's text to fields, shared by the PDF and OFD readers: the labels the State Taxation
 * Administration's layouts print (发票号码, 开票日期, 名称, 统一社会信用代码/纳税人识别号, 合计, 价税合计（小写）, 校验码 …)
 * and the value that follows each on its line. The lines come in reading order (top to bottom, left to right), and
 * columns on one line are set apart by two spaces or more. Pure.
 *
 * A label's value is taken only where its form is unmistakable (20 digits, a date, an amount with two decimals);
 * names run to the next gap. Buyer and seller come from labels that name them; the two unnamed `名称` of the VAT
 * layouts are the buyer's then the seller's, as both layouts print them (buyer first, left or above); a single
 * unnamed party is read only on tickets, which print the buyer alone.
 */

/** One line as the rules read it: full-width punctuation made half-width, the currency sign one character. */
export function normaliseLine(line: string): string {
  return line
    .replace(/：/g, ':')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/[￥]/g, '¥')
    .replace(/／/g, '/')
    .replace(/\u3000/g, '  ')
    .replace(/\u00a0/g, ' ')
    .trimEnd();
}

/** A label whose characters may be spread apart (合 计, 名 称), as forms print them. */
function label(word: string): string {
  return [...word].map((c) => c.replace(/[()/]/g, '\\$&')).join('\\s*');
}

const GAP = '[ \\t]*';
const AMOUNT = '(-?[\\d,]+\\.\\d{2})';
/** A name or other free text: from its first character to the next gap of two spaces, or the line's end. */
const FREE = '([^\\s:][^:\\n]*?)(?=[ \\t]{2,}|$)';
const TAX_ID = '([0-9A-Z]{15,20})(?![0-9A-Z])';
const ID_LABEL = `(?:${label('统一社会信用代码/纳税人识别号')}|${label('纳税人识别号')}|${label('统一社会信用代码')})`;

/** The kinds of fapiao by their printed title, the more specific first; `electronic` where the title says so. */
const TITLES: readonly [title: string, type: FapiaoType, electronic: boolean | undefined][] = [
  ['电子发票(增值税专用发票)', 'digital_special', true],
  ['电子发票(普通发票)', 'digital_normal', true],
  ['电子发票(铁路电子客票)', 'rail', true],
  ['电子发票(航空运输电子客票行程单)', 'air', true],
  ['增值税电子专用发票', 'vat_special', true],
  ['增值税电子普通发票', 'vat_electronic', true],
  ['增值税专用发票', 'vat_special', undefined],
  ['增值税普通发票', 'vat_normal', undefined],
];

function titleOf(text: string): { type: FapiaoType; electronic: boolean | undefined } | undefined {
  const compact = text.replace(/\s+/g, '');
  const found = TITLES.find(([title]) => compact.includes(title));
  return found ? { type: found[1], electronic: found[2] } : undefined;
}

const first = (text: string, re: RegExp): RegExpMatchArray | null => text.match(re);
const every = (text: string, re: RegExp): RegExpMatchArray[] => [...text.matchAll(re)];

/** A party's name, unless what follows the label is the next label (a blank party) or a lone character. */
function partyName(text: string | undefined): string | undefined {
  const name = toName(text);
  if (!name || [...name].length < 2 || /^(购买方|销售方|购|销)(信息)?$/.test(name) || /[:：]$/.test(name))
    return undefined;
  return name;
}

/** Buyer and seller: named labels first, then the unnamed ones by the order the layouts print them. */
function parties(text: string, ticket: boolean): Partial<ReadFields> {
  const named = (who: string, what: 'name' | 'id') =>
    what === 'name'
      ? toName(first(text, new RegExp(`${label(`${who}名称`)}${GAP}:?${GAP}${FREE}`, 'm'))?.[1])
      : toTaxId(first(text, new RegExp(`${label(who)}${ID_LABEL}\\s*:?\\s*${TAX_ID}`))?.[1]);
  // Every unnamed label counts, printed with a value or without, so a party left blank keeps its place.
  const names = every(text, new RegExp(`(?<![方目])${label('名称')}${GAP}:${GAP}(?:${FREE})?`, 'gm')).map((m) =>
    partyName(m[1]),
  );
  const ids = every(text, new RegExp(`(?<!方)${ID_LABEL}${GAP}:?${GAP}(?:${TAX_ID})?`, 'gm')).map((m) => toTaxId(m[1]));
  const unnamed = <T>(list: T[]): [buyer?: T, seller?: T] => {
    if (list.length === 2) return [list[0], list[1]];
    if (list.length === 1 && ticket) return [list[0], undefined];
    return [];
  };
  const [buyerName, sellerName] = unnamed(names);
  const [buyerTaxId, sellerTaxId] = unnamed(ids);
  return {
    buyerName: named('购买方', 'name') ?? buyerName,
    buyerTaxId: named('购买方', 'id') ?? buyerTaxId,
    sellerName: named('销售方', 'name') ?? sellerName,
    sellerTaxId: named('销售方', 'id') ?? sellerTaxId,
  };
}

/** Lines of goods or services: `*category*name`, then at the line's end amount, rate (or 免税) and tax (or ***). */
function items(text: string): ReadItem[] {
  const row = new RegExp(
    `^[ \\t]*(\\*[^*\\n]+\\*[^\\n]*?)(?=[ \\t]{2,}).*?[ \\t]${AMOUNT}[ \\t]+(\\d{1,2}(?:\\.\\d{1,2})?%|免税|不征税|\\*+)[ \\t]+(${AMOUNT.slice(1, -1)}|\\*+)[ \\t]*$`,
    'gm',
  );
  return every(text, row).flatMap((m) => {
    const name = toName(m[1]);
    const amount = toMoney(m[2]);
    if (name === undefined || amount === undefined) return [];
    const item: ReadItem = { name, amount };
    const rate = toRate(m[3]);
    const tax = toMoney(m[4]);
    if (rate !== undefined) item.taxRate = rate;
    if (tax !== undefined) item.taxAmount = tax;
    return [item];
  });
}

/** An amount after a label on the same line. */
function amountAfter(text: string, word: string, lookbehind = ''): string | undefined {
  return toMoney(first(text, new RegExp(`${lookbehind}${label(word)}${GAP}:?${GAP}¥?${GAP}${AMOUNT}`))?.[1]);
}

/**
 * The amounts of a VAT fapiao: the 合计 row, amount then tax (or *** where exempt), and the total written small
 * (小写). The row's columns are told apart by their order alone, so a row holding a single amount (one column left
 * blank) gives neither.
 */
function vatAmounts(text: string): Partial<ReadFields> {
  const sums = first(
    text,
    new RegExp(`(?<!税\\s*)${label('合计')}${GAP}¥?${GAP}${AMOUNT}${GAP}(?:¥?${GAP}${AMOUNT}|\\*+)${GAP}$`, 'm'),
  );
  return {
    amount: toMoney(sums?.[1]),
    taxAmount: toMoney(sums?.[2]),
    total: toMoney(first(text, new RegExp(`\\(\\s*${label('小写')}\\s*\\)${GAP}¥?${GAP}${AMOUNT}`))?.[1]),
  };
}

/** The rail e-ticket: its fare, the passenger after the masked ID number, the two stations of one line. */
function railFields(text: string, lines: string[]): Partial<ReadFields> {
  const passenger = first(text, /\d{6,10}\*{4,8}[\dX]{3,4}[ \t]*([\u4e00-\u9fa5·]{2,15})(?![\u4e00-\u9fa5])/)?.[1];
  const stations = lines.map((l) => [...l.matchAll(/([\u4e00-\u9fa5]{1,12}站)(?![\u4e00-\u9fa5])/g)]);
  const route = stations.find((s) => s.length === 2);
  return {
    fare: amountAfter(text, '票价'),
    passenger: toName(passenger),
    from: route?.[0]?.[1],
    to: route?.[1]?.[1],
  };
}

/** The air itinerary: passenger, fare, fuel surcharge, VAT and total as its labels name them. */
function airFields(text: string): Partial<ReadFields> {
  return {
    passenger: toName(first(text, new RegExp(`${label('旅客姓名')}${GAP}:?${GAP}${FREE}`, 'm'))?.[1]),
    fare: amountAfter(text, '票价'),
    fuelSurcharge: amountAfter(text, '燃油附加费'),
    taxAmount: amountAfter(text, '增值税税额'),
    total: amountAfter(text, '合计', '(?<!税\\s*)'),
  };
}

/**
 * The fields a fapiao's printed text gives. The amounts are read only when the kind is known (from the title, or
 * `knownType` from the QR code), so a page that merely says 合计 gives none.
 */
export function textFields(rawLines: readonly string[], knownType?: FapiaoType): Partial<ReadFields> {
  const lines = rawLines.map(normaliseLine);
  const text = lines.join('\n');
  const title = titleOf(text);
  const type = title?.type ?? knownType;
  const date = first(
    text,
    new RegExp(
      `(?:${label('开票日期')}|${label('填开日期')})\\s*:?\\s*(\\d{4})\\s*[年./-]\\s*(\\d{1,2})\\s*[月./-]\\s*(\\d{1,2})`,
    ),
  );
  const check = first(text, new RegExp(`${label('校验码')}\\s*:?\\s*((?:\\d[ \\t]?){20})(?!\\d)`))?.[1];
  const ticket = type === 'rail' || type === 'air';
  const fields: Partial<ReadFields> = {
    type: title?.type,
    electronic: title?.electronic,
    number: first(text, new RegExp(`${label('发票号码')}\\s*:?\\s*(\\d{20}|\\d{8})(?!\\d)`))?.[1],
    code: first(text, new RegExp(`${label('发票代码')}\\s*:?\\s*(\\d{12}|\\d{10})(?!\\d)`))?.[1],
    invoiceDate: date ? toDate(date[1]!, date[2]!, date[3]!) : undefined,
    checkCode: check?.replace(/\s/g, ''),
    ...parties(text, ticket),
  };
  const kindFields =
    type === 'rail'
      ? railFields(text, lines)
      : type === 'air'
        ? airFields(text)
        : type === undefined
          ? {}
          : { ...vatAmounts(text), items: items(text) };
  const all: Partial<ReadFields> = { ...fields, ...kindFields };
  return Object.fromEntries(
    Object.entries(all).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
  );
}

/** A run of text where a page places it: x and y in any unit, y growing down the page, y on the baseline. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  width: number;
  /** The font size, in the unit of x and y. */
  size: number;
}

/**
 * The page's text as lines in reading order: runs whose baselines lie within 40 % of the font size share a line,
 * left to right; a gap wider than the font size between two runs becomes two spaces (a column), a narrower one
 * wider than a fifth of it one space.
 */
export function linesOf(runs: readonly PlacedText[]): string[] {
  const sorted = runs.filter((r) => r.text.trim() !== '').sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: PlacedText[][] = [];
  for (const run of sorted) {
    const line = lines.at(-1);
    const head = line?.[0];
    if (line && head && Math.abs(run.y - head.y) <= 0.4 * Math.max(run.size, head.size)) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => {
    line.sort((a, b) => a.x - b.x);
    let text = '';
    let end = Number.NEGATIVE_INFINITY;
    for (const run of line) {
      const gap = run.x - end;
      text += text === '' ? '' : gap > run.size ? '  ' : gap > 0.2 * run.size ? ' ' : '';
      text += run.text;
      end = Math.max(end, run.x + run.width);
    }
    return text;
  });
}

/** A run's width where the file does not give it: CJK characters a full em, others a little over half. */
export function estimatedWidth(text: string, size: number): number {
  let width = 0;
  for (const c of text) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(c) ? size : 0.55 * size;
  return width;
}
