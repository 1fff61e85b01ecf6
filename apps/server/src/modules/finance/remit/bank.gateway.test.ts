import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config';
import { type BankFile, bankGateway, renderBankFile } from './bank.gateway';

const file: BankFile = {
  runNo: 'RM000007',
  creditingDate: '2026-11-25',
  method: 'urgent',
  total: '300.35',
  lines: [
    {
      lineNo: 1,
      payeeName: '张, "伟"',
      bankName: '招商银行',
      bankAccount: '6225001',
      amount: '300.35',
      reference: 'D1, D2',
    },
  ],
};

describe('bank file layouts', () => {
  it('writes a CSV with a header and quoted cells where a comma or quote needs it', () => {
    const [header, line] = renderBankFile(file, 'csv').trim().split('\n');
    expect(header).toBe('run,line,crediting_date,priority,payee,bank,account,amount,currency,reference');
    expect(line).toBe('RM000007,1,2026-11-25,URGENT,"张, ""伟""",招商银行,6225001,300.35,CNY,"D1, D2"');
  });

  it('writes an XML payment order with the text escaped', () => {
    const xml = renderBankFile({ ...file, lines: [{ ...file.lines[0]!, payeeName: 'A & <B>' }] }, 'xml');
    expect(xml).toContain('<PaymentOrder run="RM000007" date="2026-11-25" priority="URGENT" count="1" total="300.35">');
    expect(xml).toContain('<Payee>A &amp; &lt;B&gt;</Payee>');
  });

  it('is the bank’s layout in its folder when configured, else a CSV under the data folder', () => {
    const configured = loadConfig({ NODE_ENV: 'test', BANK_FILE_DIR: '/srv/bank/out', BANK_FILE_LAYOUT: 'xml' });
    expect(configured.bank).toEqual({ dir: '/srv/bank/out', layout: 'xml' });
    expect(bankGateway(configured).name).toBe('bank-file');
    const plain = loadConfig({ NODE_ENV: 'test' });
    expect(plain.bank).toBeUndefined();
    expect(bankGateway(plain).name).toBe('simulator');
  });
});
