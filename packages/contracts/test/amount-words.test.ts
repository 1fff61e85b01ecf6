import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../src/amount-words';

const zh = (a: string) => amountInWords(a, 'zh-CN');
const en = (a: string) => amountInWords(a, 'en-GB');

/** Reads capital numerals back into cents, to check the words against the number they stand for. */
function parseCapitals(words: string): bigint {
  const digits = '零壹贰叁肆伍陆柒捌玖';
  const places: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };
  const negative = words.startsWith('负');
  const text = negative ? words.slice(1) : words;
  const [intText, fracText] = text.includes('元') ? text.split('元') : ['', text];
  let big = 0n;
  let mid = 0n;
  let section = 0n;
  let number = 0n;
  for (const ch of intText ?? '') {
    const d = digits.indexOf(ch);
    if (d >= 0) number = BigInt(d);
    else if (places[ch]) {
      section += number * places[ch]!;
      number = 0n;
    } else if (ch === '万') {
      mid += (section + number) * 10_000n;
      section = 0n;
      number = 0n;
    } else if (ch === '亿') {
      big = (big + mid + section + number) * 100_000_000n;
      mid = 0n;
      section = 0n;
      number = 0n;
    } else throw new Error(`unexpected ${ch} in ${words}`);
  }
  let cents = (big + mid + section + number) * 100n;
  const jiao = /([壹贰叁肆伍陆柒捌玖])角/.exec(fracText ?? '');
  const fen = /([壹贰叁肆伍陆柒捌玖])分/.exec(fracText ?? '');
  if (jiao) cents += BigInt(digits.indexOf(jiao[1]!)) * 10n;
  if (fen) cents += BigInt(digits.indexOf(fen[1]!));
  return negative ? -cents : cents;
}

describe('amount in Chinese capital numerals', () => {
  it('writes the usual forms', () => {
    expect(zh('12345.67')).toBe('壹万贰仟叁佰肆拾伍元陆角柒分');
    expect(zh('100')).toBe('壹佰元整');
    expect(zh('0')).toBe('零元整');
    expect(zh('0.05')).toBe('伍分');
    expect(zh('0.50')).toBe('伍角整');
    expect(zh('10')).toBe('壹拾元整');
    expect(zh('1001')).toBe('壹仟零壹元整');
    expect(zh('1010.10')).toBe('壹仟零壹拾元壹角整');
    expect(zh('10001.05')).toBe('壹万零壹元零伍分');
    expect(zh('100010')).toBe('壹拾万零壹拾元整');
    expect(zh('105000')).toBe('壹拾万伍仟元整');
    expect(zh('100000000')).toBe('壹亿元整');
    expect(zh('1000000000000')).toBe('壹万亿元整');
    expect(zh('1000200000000')).toBe('壹万零贰亿元整');
    expect(zh('-8.8')).toBe('负捌元捌角整');
    expect(zh('9999999999999999.99')).toBe('玖仟玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分');
  });

  it('rounds half up to fen from the decimal string', () => {
    expect(zh('1.005')).toBe('壹元零壹分');
  });

  it('always reads back to the same amount, with no doubled or trailing 零', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (c) => {
        const a = c < 0n ? -c : c;
        const amount = `${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
        const words = zh(amount);
        expect(parseCapitals(words)).toBe(c);
        if (c !== 0n) expect(words).not.toMatch(/零零|零元|零[万亿]|零整/);
      }),
    );
  });
});

describe('amount in English words', () => {
  it('writes British forms with yuan and fen', () => {
    expect(en('12345.67')).toBe('Twelve thousand three hundred and forty-five yuan and sixty-seven fen');
    expect(en('100')).toBe('One hundred yuan only');
    expect(en('1005')).toBe('One thousand and five yuan only');
    expect(en('0')).toBe('Zero yuan only');
    expect(en('0.5')).toBe('Fifty fen');
    expect(en('21.01')).toBe('Twenty-one yuan and one fen');
    expect(en('2000000.00')).toBe('Two million yuan only');
    expect(en('1000000000000')).toBe('One trillion yuan only');
    expect(en('-3')).toBe('Minus three yuan only');
  });
});
