import type { Culture } from '@ems/contracts';
import { BankName, CNAPS_RE } from '@ems/contracts';
import { badRequest } from '../../../core/errors';
import type { Messages } from '../../../core/i18n';
import { csvFileText, type ImportColumn, loadExcel, parseCsv, RowErrors } from '../../../core/import';
import type { BranchValues } from './banks.repository';

/**
 * The bank-branch directory as a file gives it (docs/decisions/047): an .xlsx in the list's export layout, or a CSV
 * as the payments association and the banks publish it. A column is known by the list's header in either language
 * or by one of the names those lists use for it.
 */
const F = 'banks.branch.field';
export const BRANCH_COLUMNS: (ImportColumn & { aliases: string[] })[] = [
  {
    key: 'Cnaps',
    headerKey: `${F}.cnaps`,
    required: true,
    aliases: [
      '行号',
      '联行号',
      '大额行号',
      '支付行号',
      '支付系统行号',
      '参与者行号',
      '清算行号',
      'cnaps',
      'cnaps code',
      'bank no',
    ],
  },
  {
    key: 'BankCode',
    headerKey: `${F}.bankCode`,
    aliases: ['行别代码', '行别', '银行代码', '银行类别代码', 'bank code'],
  },
  {
    key: 'BankName',
    headerKey: `${F}.bankName`,
    required: true,
    aliases: ['银行名称', '行别名称', '所属银行', '银行', 'bank', 'bank name'],
  },
  {
    key: 'BranchName',
    headerKey: `${F}.branchName`,
    required: true,
    aliases: [
      '行名',
      '网点名称',
      '参与者名称',
      '参与者全称',
      '支行名称',
      '开户行名称',
      '开户行',
      'branch',
      'branch name',
    ],
  },
  { key: 'Province', headerKey: `${F}.province`, aliases: ['省份', '省', '所在省份', 'province'] },
  { key: 'City', headerKey: `${F}.city`, aliases: ['城市', '城市名称', '所在城市', '地区', 'city'] },
  { key: 'Status', headerKey: `${F}.status`, aliases: ['状态', '行状态', 'status'] },
];

const ACTIVE = ['active', '有效', '启用', '正常', '生效', 'valid', 'enabled'];
const INACTIVE = ['inactive', '无效', '停用', '注销', '撤销', '失效', 'invalid', 'disabled'];

/** The cells of the first sheet of an .xlsx, or of a CSV file, as text rows. */
async function cellsOf(data: Buffer): Promise<string[][]> {
  // An .xlsx is a zip file: it starts with "PK".
  if (data.length >= 2 && data[0] === 0x50 && data[1] === 0x4b) {
    const workbook = new (await loadExcel()).Workbook();
    try {
      await workbook.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw badRequest('import.not_xlsx');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw badRequest('import.empty');
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        const v = cell.value;
        cells[col - 1] =
          v === null || v === undefined
            ? ''
            : typeof v === 'object' && 'result' in v
              ? String(v.result ?? '').trim()
              : cell.text.replace(/^'(?=[=+\-@])/, '').trim();
      });
      rows.push(Array.from(cells, (c) => c ?? ''));
    });
    return rows;
  }
  return parseCsv(csvFileText(data));
}

export interface ParsedBranches {
  rows: (BranchValues & { row: number })[];
  errors: RowErrors;
}

/** Reads and checks every row of a directory file; the bad cells are collected, the file refused as a whole. */
export async function readBranchFile(data: Buffer, messages: Messages, culture: Culture): Promise<ParsedBranches> {
  const cells = await cellsOf(data);
  const header = cells[0];
  if (!header) throw badRequest('import.empty');
  const names = new Map<string, string>();
  for (const c of BRANCH_COLUMNS) {
    for (const name of [c.key, ...c.aliases, messages.t(c.headerKey, 'zh-CN'), messages.t(c.headerKey, 'en-GB')])
      names.set(name.trim().toLowerCase(), c.key);
  }
  const at = new Map<string, number>();
  header.forEach((h, i) => {
    const key = names.get(h.trim().toLowerCase());
    if (key && !at.has(key)) at.set(key, i);
  });
  const missing = BRANCH_COLUMNS.filter((c) => c.required && !at.has(c.key));
  if (missing.length)
    throw badRequest('import.columns_missing', {
      columns: missing.map((c) => messages.t(c.headerKey, culture)).join('、'),
    });
  const errors = new RowErrors(BRANCH_COLUMNS, messages, culture);
  const seen = new Set<string>();
  const rows: ParsedBranches['rows'] = [];
  cells.slice(1).forEach((line, i) => {
    const row = i + 2;
    const cell = (key: string) => {
      const idx = at.get(key);
      return idx === undefined ? '' : (line[idx] ?? '').trim();
    };
    const cnaps = cell('Cnaps');
    const bankCode = cell('BankCode') || cnaps.slice(0, 3);
    const bankName = cell('BankName');
    const branchName = cell('BranchName');
    const statusText = cell('Status').toLowerCase();
    let ok = true;
    const bad = (key: string, code: string, params?: Record<string, string>) => {
      errors.add(row, key, code, params);
      ok = false;
    };
    if (!CNAPS_RE.test(cnaps)) bad('Cnaps', 'validation.cnaps');
    else if (seen.has(cnaps)) bad('Cnaps', 'banks.cnaps_twice_in_file', { cnaps });
    else if (!/^[0-9]{3}$/.test(bankCode) || !cnaps.startsWith(bankCode))
      bad('BankCode', 'banks.bank_code_mismatch', { cnaps, bankCode });
    seen.add(cnaps);
    if (!bankName) bad('BankName', 'banks.cell_required');
    else if (!BankName.safeParse(bankName).success) bad('BankName', 'validation.bank_name');
    if (!branchName) bad('BranchName', 'banks.cell_required');
    else if (branchName.length > 200) bad('BranchName', 'banks.cell_too_long', { max: '200' });
    const status =
      !statusText || ACTIVE.includes(statusText) ? 'active' : INACTIVE.includes(statusText) ? 'inactive' : null;
    if (!status) bad('Status', 'banks.status_unknown', { value: cell('Status') });
    if (!ok || !status) return;
    rows.push({
      row,
      cnaps,
      bankCode,
      bankName,
      branchName,
      province: cell('Province').slice(0, 40) || null,
      city: cell('City').slice(0, 40) || null,
      status,
    });
  });
  return { rows, errors };
}
