import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { Messages } from './i18n';
import { parseRows, RowErrors, readSheet } from './import';

const messages = new Messages();
messages.load([
  { key: 'h.code', culture: 'zh-CN', content: '代码' },
  { key: 'h.code', culture: 'en-GB', content: 'Code' },
  { key: 'h.amount', culture: 'zh-CN', content: '金额' },
  { key: 'h.amount', culture: 'en-GB', content: 'Amount' },
  { key: 'error.validation.required', culture: 'zh-CN', content: '必填' },
  { key: 'error.validation.required', culture: 'en-GB', content: 'Required' },
  { key: 'error.import.cell_invalid', culture: 'en-GB', content: 'Row {{row}}, "{{column}}": {{reason}}' },
]);
const columns = [
  { key: 'Code', headerKey: 'h.code', required: true },
  { key: 'Amount', headerKey: 'h.amount' },
];

async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('Excel import', () => {
  it('reads headers in either language and skips empty rows', async () => {
    const zh = await readSheet(
      await sheet([
        ['代码', '金额'],
        ['A1', 10],
        [null, null],
        ['A2', '20.5'],
      ]),
      columns,
      messages,
    );
    expect(zh).toEqual([
      { row: 2, values: { Code: 'A1', Amount: '10' } },
      { row: 4, values: { Code: 'A2', Amount: '20.5' } },
    ]);
    const en = await readSheet(
      await sheet([
        ['Amount', 'Code'],
        [5, 'B1'],
      ]),
      columns,
      messages,
    );
    expect(en[0]!.values).toEqual({ Code: 'B1', Amount: '5' });
  });

  it('refuses a file that is not Excel, or lacks a required column', async () => {
    await expect(readSheet(Buffer.from('not a workbook'), columns, messages)).rejects.toMatchObject({
      code: 'import.not_xlsx',
    });
    await expect(readSheet(await sheet([['金额'], [1]]), columns, messages)).rejects.toMatchObject({
      code: 'import.columns_missing',
    });
  });

  it('names every bad cell by row and header in the user’s language', async () => {
    const rows = await readSheet(
      await sheet([
        ['Code', 'Amount'],
        ['', 1],
        ['C', 2],
      ]),
      columns,
      messages,
    );
    const errors = new RowErrors(columns, messages, 'en-GB');
    const good = parseRows(rows, z.object({ Code: z.string().min(1), Amount: z.string() }), errors);
    expect(good.map((g) => g.row)).toEqual([3]);
    errors.add(3, 'Amount', 'validation.required');
    try {
      errors.throwIfAny();
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect(e.code).toBe('import.rows_invalid');
      expect(e.fieldErrors?.map((f) => f.field)).toEqual(['2.Code', '3.Amount']);
      expect(e.fieldErrors?.[1]?.params).toMatchObject({ row: 3, column: 'Amount', reason: 'Required' });
    }
  });
});
