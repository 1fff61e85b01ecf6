import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BankLayoutCode } from '@ems/contracts';
import type { Config } from '../../../core/config';
import type { BankFile, BankLayout } from './bank-file';
import { genericCsvLayout } from './generic-csv.layout';
import { pain001Layout } from './pain001.layout';

export type { BankDebtor, BankFile, BankLine } from './bank-file';

/**
 * The bank behind an interface (DESIGN §13): a remittance run goes as one file of payment lines in the layout of
 * the account it pays from (docs/decisions/048). The file is named by the run's number, so delivering it again (a
 * retry after a crash) replaces it with the same content: the bank receives one file per run, never a second order.
 */
export interface BankGateway {
  readonly name: string;
  deliver(file: BankFile, layout?: BankLayoutCode): Promise<{ fileName: string }>;
}

const LAYOUTS: Record<BankLayoutCode, BankLayout> = { generic_csv: genericCsvLayout, pain001: pain001Layout };

/** The configuration's names of the layouts (BANK_FILE_LAYOUT): `csv` the generic CSV, `xml` pain.001. */
export const configuredLayout = (v: 'csv' | 'xml'): BankLayoutCode => (v === 'xml' ? 'pain001' : 'generic_csv');

/** The file's content in a layout. */
export function renderBankFile(file: BankFile, layout: BankLayoutCode): string {
  // pain.001 names the account paid from: a run without a paying account cannot be written in it.
  if (layout === 'pain001' && !file.debtor) throw new Error('remit.pain001_needs_payer_account');
  return LAYOUTS[layout].render(file);
}

/** Writes the file into a folder under its run's name: whole or not at all (a temporary file, then a rename). */
export function bankFileAdapter(name: string, dir: string, fallback: BankLayoutCode): BankGateway {
  return {
    name,
    async deliver(file, layout = fallback) {
      await mkdir(dir, { recursive: true });
      const fileName = `${file.runNo}.${LAYOUTS[layout].extension}`;
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
 * The configured bank: the folder it collects from (BANK_FILE_DIR; BANK_FILE_LAYOUT for runs without a paying
 * account), else the built-in default, a file under the data folder (`bank/`). A run's paying account chooses
 * its own layout.
 */
export function bankGateway(config: Pick<Config, 'dataDir' | 'bank'>): BankGateway {
  if (override) return override;
  return config.bank
    ? bankFileAdapter('bank-file', config.bank.dir, configuredLayout(config.bank.layout))
    : bankFileAdapter('simulator', join(config.dataDir, 'bank'), 'generic_csv');
}

/** Swaps the gateway (a failing one in tests); null goes back to the configured one. Returns the previous one. */
export function useBankGateway(gateway: BankGateway | null): BankGateway | null {
  const previous = override;
  override = gateway;
  return previous;
}
