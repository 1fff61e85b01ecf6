import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.js';

function has(program: string): boolean {
  try {
    execFileSync('which', [program], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const rows = Array.from({ length: 80 }, (_, i) => ({ item: `差旅费 Travel ${i + 1}`, amount: `${i + 1}.00` }));

async function sample() {
  return renderPdf({ title: '报销单 Expense claim' }, async (_doc, kit) => {
    await kit.barcode('D2026000123');
    kit.heading('报销单 Expense claim');
    kit.fields([
      ['单号 Number', 'D2026000123'],
      ['申请人 Applicant', '张伟 Zhang Wei'],
      ['事由 Reason', '北京学术会议 Beijing congress'],
    ]);
    kit.table(
      [
        { header: '费用项目 Item', value: (r: (typeof rows)[number]) => r.item },
        { header: '金额 Amount', width: 100, align: 'right', value: (r) => r.amount },
      ],
      rows,
    );
  });
}

describe('printed documents', () => {
  it('draws a PDF whose Chinese text and barcode survive, and a long table continues on further pages', async () => {
    const pdf = await sample();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!has('pdftotext')) return;
    const dir = mkdtempSync(join(tmpdir(), 'ems-pdf-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), pdf);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('报销单');
      expect(text).toContain('张伟 Zhang Wei');
      expect(text).toContain('差旅费 Travel 80');
      const pages = execFileSync('pdfinfo', [join(dir, 'a.pdf')], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)?.[1];
      expect(Number(pages)).toBeGreaterThan(1);
      // The first page rendered to a picture is not blank: it has dark pixels (text, rules, the barcode's bars).
      execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '30', '-gray', join(dir, 'a.pdf'), join(dir, 'p')]);
      const pgm = readFileSync(join(dir, 'p-1.pgm'));
      const dark = [...pgm.subarray(pgm.length - 200 * 200)].filter((v) => v < 128).length;
      expect(dark).toBeGreaterThan(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
