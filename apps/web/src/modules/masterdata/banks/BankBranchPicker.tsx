import type { BankBranchRow, PayerAccountRow } from '@ems/contracts';
import type { CustomControlProps } from '../../../shared/list-page';
import { idOf, type PickerOption, RemotePicker } from '../../../shared/RemotePicker';
import { bankBranchApi, payerAccountApi } from './api';

const option = (r: BankBranchRow): PickerOption<string> => ({ value: r.Cnaps, label: `${r.Cnaps} ${r.BranchName}` });
const asCode = (raw: unknown) => (typeof raw === 'string' && raw ? raw : undefined);

/**
 * A branch of the bank-branch directory by CNAPS code, bank, branch or city (docs/decisions/047): the value is the
 * 12-digit code; only active branches are offered. Used wherever bank details are kept.
 */
export function BankBranchPicker(props: CustomControlProps) {
  return (
    <RemotePicker<string>
      {...props}
      queryKey={['banks', 'branch', 'picker']}
      parse={asCode}
      placeholderKey="banks.picker.branch"
      search={async (k) => (await bankBranchApi.pick({ Keyword: k || undefined })).Rows.map(option)}
      lookup={async (code) => (await bankBranchApi.pick({ Cnaps: [code] })).Rows.map(option)[0]}
    />
  );
}

/** An active paying account of the company (the remittance run pays from it); its layout shown beside it. */
export function PayerAccountPicker(props: CustomControlProps) {
  const payerOption = (r: PayerAccountRow): PickerOption => ({
    value: r.ID,
    label: `${r.Code} ${r.AccountName} · ${r.AccountNo}${r.IsDefault ? ' ★' : ''}`,
  });
  return (
    <RemotePicker
      {...props}
      queryKey={['banks', 'payer', 'picker']}
      parse={idOf}
      placeholderKey="banks.picker.payer"
      search={async (k) => (await payerAccountApi.pick({ Keyword: k || undefined })).Rows.map(payerOption)}
      lookup={async (id) => (await payerAccountApi.pick({ IDs: [id] })).Rows.map(payerOption)[0]}
    />
  );
}
