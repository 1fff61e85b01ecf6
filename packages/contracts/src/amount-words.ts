import type { Culture } from './i18n';
import { money } from './money';

const CN_DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const CN_PLACES = ['', '拾', '佰', '仟'];

/** One group of four digits (1–9999) in capital numerals; zeros inside the group read as one 零. */
function cnGroup(group: string): string {
  let out = '';
  let zero = false;
  const digits = group.padStart(4, '0');
  for (let i = 0; i < 4; i++) {
    const d = Number(digits[i]);
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += CN_DIGITS[d]! + CN_PLACES[3 - i]!;
  }
  return out;
}

/** Groups of four digits from the right: [ones, 万, 亿, 万亿]. */
function groupsOf(int: string): string[] {
  const groups: string[] = [];
  for (let end = int.length; end > 0; end -= 4) groups.push(int.slice(Math.max(0, end - 4), end));
  return groups;
}

function cnInteger(int: string): string {
  const groups = groupsOf(int);
  const units = ['', '万', '亿', '万'];
  let out = '';
  let zero = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = Number(groups[i]);
    if (g === 0) {
      if (out) zero = true;
      // 万亿 share the 亿: 壹万亿, not 壹万零亿.
      if (i === 2 && out) out += '亿';
      continue;
    }
    if (out && (zero || g < 1000)) out += '零';
    zero = false;
    out += cnGroup(groups[i]!) + units[i]!;
  }
  return out;
}

/** 人民币大写: 12345.67 → 壹万贰仟叁佰肆拾伍元陆角柒分; 100 → 壹佰元整; 0.05 → 伍分. */
function chinese(int: string, jiao: number, fen: number): string {
  const intWords = int === '0' ? '' : `${cnInteger(int)}元`;
  if (jiao === 0 && fen === 0) return intWords ? `${intWords}整` : '零元整';
  let out = intWords;
  if (jiao > 0) out += `${CN_DIGITS[jiao]}角`;
  else if (intWords) out += '零';
  out += fen > 0 ? `${CN_DIGITS[fen]}分` : '整';
  return out;
}

const EN_ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion', 'trillion', 'quadrillion'];

function enBelowHundred(n: number): string {
  if (n < 20) return EN_ONES[n]!;
  const tens = EN_TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${tens}-${EN_ONES[n % 10]}` : tens;
}

/** 1–999, British style: "three hundred and forty-five". */
function enBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!hundreds) return enBelowHundred(rest);
  return rest ? `${EN_ONES[hundreds]} hundred and ${enBelowHundred(rest)}` : `${EN_ONES[hundreds]} hundred`;
}

function enInteger(int: string): string {
  const groups: string[] = [];
  for (let end = int.length; end > 0; end -= 3) groups.push(int.slice(Math.max(0, end - 3), end));
  const parts: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = Number(groups[i]);
    if (g === 0) continue;
    // "one thousand and five": a last group below a hundred after larger ones takes "and".
    const and = i === 0 && parts.length > 0 && g < 100 ? 'and ' : '';
    parts.push(`${and}${enBelowThousand(g)}${EN_SCALES[i] ? ` ${EN_SCALES[i]}` : ''}`);
  }
  return parts.join(' ');
}

/** "Twelve thousand three hundred and forty-five yuan and sixty-seven fen"; "One hundred yuan only". */
function english(int: string, cents: number): string {
  let out: string;
  if (int === '0') out = cents ? `${enBelowHundred(cents)} fen` : 'zero yuan only';
  else out = `${enInteger(int)} yuan${cents ? ` and ${enBelowHundred(cents)} fen` : ' only'}`;
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/**
 * An amount in words for printed documents: Chinese capital numerals (人民币大写) for zh-CN, English words for
 * en-GB. The amount is a decimal string; it is rounded to two places first, never through a float.
 */
export function amountInWords(amount: string, culture: Culture): string {
  const fixed = money(amount);
  const negative = fixed.startsWith('-') && /[1-9]/.test(fixed);
  const [intRaw = '0', frac = '00'] = fixed.replace('-', '').split('.');
  const int = intRaw.replace(/^0+(?=\d)/, '');
  const jiao = Number(frac[0]);
  const fen = Number(frac[1]);
  if (culture === 'zh-CN') return `${negative ? '负' : ''}${chinese(int, jiao, fen)}`;
  const words = english(int, jiao * 10 + fen);
  return negative ? `Minus ${words.charAt(0).toLowerCase()}${words.slice(1)}` : words;
}
