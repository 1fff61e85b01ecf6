import type { BankLayoutCode } from '@ems/contracts';

/**
 * A remittance run's payment order as the bank receives it (DESIGN §13, docs/decisions/048): one line per payee and
 * account (or per document), each with its end-to-end id, the payee's branch by CNAPS code and the currency of the
 * payable it pays. Written whole, under the run's number, so a second delivery replaces the first unchanged.
 */
export interface BankLine {
  lineNo: number;
  /** What the bank's answer names the line by (`RM000007-0003`; `TEST-` first on a test system). */
  endToEndId: string;
  payeeName: string;
  bankName: string | null;
  /** The payee's branch: CNAPS code and name, from the directory. */
  bankCnaps: string | null;
  bankBranch: string | null;
  bankAccount: string;
  amount: string;
  currency: string;
  /** The documents the line pays, for the payee's statement. */
  reference: string;
}

/** The company account the run pays from (none: the configured default file, without a debtor). */
export interface BankDebtor {
  name: string;
  accountNo: string;
  bankName: string;
  cnaps: string;
  currency: string;
}

export interface BankFile {
  runNo: string;
  /** When the run was remitted: the message's creation time, the same on every delivery. */
  createdAt: string;
  creditingDate: string;
  method: 'transfer' | 'urgent';
  total: string;
  debtor: BankDebtor | null;
  lines: BankLine[];
}

/** One bank's layout: the file's extension and its content. */
export interface BankLayout {
  readonly code: BankLayoutCode;
  readonly extension: string;
  render(file: BankFile): string;
}
