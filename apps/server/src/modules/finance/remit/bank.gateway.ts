import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../../core/config';
import { csvText } from '../../../core/export';

/**
 * The bank behind an interface (DESIGN §13): a remittance run goes as one file of payment lines. The file is named by
 * the run's number, so delivering it again (a retry after a crash) replaces it with the same content: the bank
 * receives one file per run, never a second payment order.
 */
export interface BankLine {
  lineNo: number;
  payeeName: string;
  bankName: string | null;
  bankAccount: string;
  amount: string;
  /** The documents the line pays, for the payee's statement. */
  reference: string;
}

export interface BankFile {
  runNo: string;
  creditingDate: string;
  method: 'transfer' | 'urgent';
  total: string;
  lines: BankLine[];
}

export interface BankGateway {
  readonly name: string;
  deliver(file: BankFile): Promise<{ fileName: string }>;
}

export type BankLayout = 'csv' | 'xml';

const xmlText = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The file's content in a layout: a CSV with a header row, or an XML payment order. */
export function renderBankFile(file: BankFile, layout: BankLayout): string {
  if (layout === 'csv') {
    const rows = [
      ['run', 'line', 'crediting_date', 'priority', 'payee', 'bank', 'account', 'amount', 'currency', 'reference'],
      ...file.lines.map((l) => [
        file.runNo,
        String(l.lineNo),
        file.creditingDate,
        file.method === 'urgent' ? 'URGENT' : 'NORMAL',
        l.payeeName,
        l.bankName ?? '',
        l.bankAccount,
        l.amount,
        'CNY',
        l.reference,
      ]),
    ];
    return csvText(rows);
  }
  const tx = file.lines
    .map(
      (l) =>
        `  <Payment line="${l.lineNo}"><Payee>${xmlText(l.payeeName)}</Payee><Bank>${xmlText(l.bankName ?? '')}</Bank>` +
        `<Account>${xmlText(l.bankAccount)}</Account><Amount currency="CNY">${l.amount}</Amount>` +
        `<Reference>${xmlText(l.reference)}</Reference></Payment>`,
    )
    .join('\n');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<PaymentOrder run="${file.runNo}" date="${file.creditingDate}" ` +
    `priority="${file.method === 'urgent' ? 'URGENT' : 'NORMAL'}" count="${file.lines.length}" total="${file.total}">\n${tx}\n</PaymentOrder>\n`
  );
}

/** Writes the file into a folder under its run's name: whole or not at all (a temporary file, then a rename). */
export function bankFileAdapter(name: string, dir: string, layout: BankLayout): BankGateway {
  return {
    name,
    async deliver(file) {
      await mkdir(dir, { recursive: true });
      const fileName = `${file.runNo}.${layout}`;
      const content = renderBankFile(file, layout);
      const target = join(dir, fileName);
      const earlier = await readFile(target, 'utf8').catch(() => null);
      if (earlier === content) return { fileName };
      const tmp = join(dir, `.${fileName}.tmp`);
      await writeFile(tmp, content, 'utf8');
      await rename(tmp, target);
      return { fileName };
    },
  };
}

let override: BankGateway | null = null;

/**
 * The configured bank: the bank's layout into the folder it collects from (BANK_FILE_DIR, BANK_FILE_LAYOUT), else
 * the built-in default, a CSV file under the data folder (`bank/`).
 */
export function bankGateway(config: Pick<Config, 'dataDir' | 'bank'>): BankGateway {
  if (override) return override;
  return config.bank
    ? bankFileAdapter('bank-file', config.bank.dir, config.bank.layout)
    : bankFileAdapter('simulator', join(config.dataDir, 'bank'), 'csv');
}

/** Swaps the gateway (a failing one in tests); null goes back to the configured one. Returns the previous one. */
export function useBankGateway(gateway: BankGateway | null): BankGateway | null {
  const previous = override;
  override = gateway;
  return previous;
}
