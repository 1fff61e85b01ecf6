import { randomBytes } from 'node:crypto';
import {
  type Culture,
  EmployeeImportRow,
  type ExportEmployeeBody,
  type ImportResult,
  isMaskedAccount,
  money,
} from '@ems/contracts';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { AppError } from '../../../core/errors';
import { type ExportColumn, sendXlsx } from '../../../core/export';
import { localName } from '../../../core/i18n';
import { type ImportColumn, parseRows, RowErrors, readSheet } from '../../../core/import';
import { shownAccount, type Viewer } from '../../../core/masking';
import { audit, auditEntry } from '../../audit/audit.service';
import { hashPassword } from '../../auth/auth.service';
import { branchFields } from '../../masterdata/banks/banks.service';
import * as teamRepo from '../teams/team.repository';
import * as repo from './employee.repository';
import { teamScope } from './employee.service';

const EXPORT_LIMIT = 100_000;
const H = 'org.person.field.';

/** The columns an import reads; the export writes these first, then a few for reading only. */
export const IMPORT_COLUMNS: ImportColumn[] = [
  { key: 'Code', headerKey: `${H}code`, required: true },
  { key: 'NameZH', headerKey: `${H}nameZh`, required: true },
  { key: 'NameEN', headerKey: `${H}nameEn`, required: true },
  { key: 'TeamCode', headerKey: `${H}teamCode`, required: true },
  { key: 'LineManagerCode', headerKey: `${H}lineManagerCode` },
  { key: 'Email', headerKey: `${H}email` },
  { key: 'Mobile', headerKey: `${H}mobile` },
  { key: 'BankName', headerKey: `${H}bankName` },
  { key: 'BankAccount', headerKey: `${H}bankAccount` },
  { key: 'BankAccountName', headerKey: `${H}bankAccountName` },
  { key: 'BankCnaps', headerKey: `${H}bankCnaps` },
  { key: 'Language', headerKey: `${H}language` },
  { key: 'Username', headerKey: `${H}username` },
  { key: 'ApprovalLimit', headerKey: `${H}approvalLimit` },
];

export async function exportPeople(
  ctx: AppContext,
  reply: FastifyReply,
  companyId: number,
  body: ExportEmployeeBody,
  culture: Culture,
  viewer: Viewer,
) {
  const t = (k: string) => ctx.messages.t(k, culture);
  const teamIds = await teamScope(ctx.db, companyId, body.TeamID, body.IncludeSubTeams ?? false);
  const rows = await repo.allEmployees(ctx.db, companyId, { ...body, ...(teamIds ? { teamIds } : {}) }, EXPORT_LIMIT);
  type Row = (typeof rows)[number];
  const value: Record<string, (r: Row) => string | null> = {
    Code: (r) => r.e.code,
    NameZH: (r) => r.e.nameZh,
    NameEN: (r) => r.e.nameEn,
    TeamCode: (r) => r.teamCode,
    LineManagerCode: (r) => r.managerCode,
    Email: (r) => r.e.email,
    Mobile: (r) => r.e.mobile,
    BankName: (r) => r.e.bankName,
    BankAccount: (r) => shownAccount(viewer, r.e.bankAccount),
    BankAccountName: (r) => r.e.bankAccountName,
    BankCnaps: (r) => r.e.bankCnaps,
    Language: (r) => r.e.language,
    Username: (r) => r.username,
    ApprovalLimit: (r) => r.e.approvalLimit,
  };
  const columns: ExportColumn<Row>[] = [
    ...IMPORT_COLUMNS.map((c) => ({ header: t(c.headerKey), value: value[c.key]! })),
    { header: t(`${H}teamName`), value: (r) => localName(culture, r.teamZh, r.teamEn), width: 28 },
    { header: t(`${H}lineManager`), value: (r) => localName(culture, r.managerZh, r.managerEn) },
    { header: t(`${H}status`), value: (r) => t(`org.person.status.${r.e.status}`) },
  ];
  return sendXlsx(reply, `${t('org.person.exportFile')}.xlsx`, t('org.person.sheet'), columns, rows);
}

/**
 * People from the export's layout, created or updated by code in the signed-in company. Any bad cell refuses the
 * whole file, each named by row and column; a good file is applied in one transaction. A column left out of the
 * file leaves that field as it is; an empty cell in a present column clears it.
 */
export async function importPeople(
  ctx: AppContext,
  actor: Actor,
  data: Buffer,
  culture: Culture,
): Promise<ImportResult> {
  const sheet = await readSheet(data, IMPORT_COLUMNS, ctx.messages);
  const present = new Set(sheet.flatMap((r) => Object.keys(r.values)));
  const errors = new RowErrors(IMPORT_COLUMNS, ctx.messages, culture);
  const good = parseRows(sheet, EmployeeImportRow, errors);
  const db = ctx.db;

  // The checks across rows and against the database run on every row's text, bad rows too, so one pass names
  // every bad cell; a cell that already failed its own check is not checked again.
  const failed = new Map<number, Set<string>>();
  for (const r of sheet) {
    const parsed = EmployeeImportRow.safeParse(r.values);
    if (!parsed.success) failed.set(r.row, new Set(parsed.error.issues.map((i) => String(i.path[0] ?? ''))));
  }
  const cells = sheet.map((r) => {
    const ok = (key: string) => !failed.get(r.row)?.has(key);
    const text = (key: string) => (ok(key) ? (r.values[key] ?? '').trim() : '');
    return {
      row: r.row,
      code: text('Code').toLowerCase(),
      team: text('TeamCode').toLowerCase(),
      manager: text('LineManagerCode').toLowerCase(),
      username: text('Username').toLowerCase(),
    };
  });

  const people = await repo.companyPeople(db, actor.companyId);
  const byCode = new Map(people.map((p) => [p.code.toLowerCase(), p]));
  const codeOf = new Map(people.map((p) => [p.id, p.code.toLowerCase()]));
  const teams = new Map((await teamRepo.companyTeams(db, actor.companyId)).map((t) => [t.code.toLowerCase(), t]));
  const fileCodes = new Map<string, number>();
  const fileUsernames = new Map<string, number>();
  for (const c of cells) {
    if (c.code) {
      if (fileCodes.has(c.code)) errors.add(c.row, 'Code', 'org.import_duplicate_in_file');
      fileCodes.set(c.code, c.row);
    }
    if (c.team) {
      const team = teams.get(c.team);
      if (!team) errors.add(c.row, 'TeamCode', 'org.team_not_found');
      else if (!team.active && team.id !== byCode.get(c.code)?.teamId)
        errors.add(c.row, 'TeamCode', 'org.team_stopped');
    }
    if (c.username) {
      if (fileUsernames.has(c.username)) errors.add(c.row, 'Username', 'org.import_duplicate_in_file');
      fileUsernames.set(c.username, c.row);
    }
  }
  for (const taken of await repo.usernamesTaken(db, [...fileUsernames.keys()])) {
    const c = cells.find((x) => x.row === fileUsernames.get(taken.username))!;
    if (byCode.get(c.code)?.id !== taken.employeeId) errors.add(c.row, 'Username', 'org.username_taken');
  }

  // Line managers by code after the file is applied: the file's rows override the stored ones.
  const managerOf = new Map<string, string | null>();
  for (const p of people) managerOf.set(p.code.toLowerCase(), p.parentId ? (codeOf.get(p.parentId) ?? null) : null);
  if (present.has('LineManagerCode')) for (const c of cells) if (c.code) managerOf.set(c.code, c.manager || null);
  for (const c of cells) {
    if (!c.manager) continue;
    if (!byCode.has(c.manager) && !fileCodes.has(c.manager)) {
      errors.add(c.row, 'LineManagerCode', 'org.manager_not_found');
      continue;
    }
    if (byCode.get(c.manager)?.status === 'left') errors.add(c.row, 'LineManagerCode', 'org.manager_left');
    const seen = new Set<string>();
    for (let m: string | null | undefined = c.manager; m; m = managerOf.get(m)) {
      if (m === c.code || seen.has(m)) {
        errors.add(c.row, 'LineManagerCode', 'org.manager_cycle');
        break;
      }
      seen.add(m);
    }
  }
  // Each account's branch from the directory (docs/decisions/047): a code unknown, stopped or of another bank is a bad cell.
  const branches = new Map<number, { bankCnaps: string | null; bankBranch: string | null; bankName?: string }>();
  const badBranch = new Set<number>();
  if (present.has('BankCnaps'))
    for (const { row, value } of good) {
      try {
        const b = await branchFields(db, actor.companyId, value.BankCnaps ?? null, value.BankName);
        if (b) branches.set(row, b);
      } catch (err) {
        const cell = err instanceof AppError ? err.fieldErrors?.[0] : undefined;
        if (!cell) throw err;
        errors.add(row, 'BankCnaps', cell.code, cell.params);
        badBranch.add(row);
      }
    }
  // An account with a number names its branch, as stored after the import: a cell left out keeps what is there.
  if (present.has('BankAccount') || present.has('BankCnaps'))
    for (const { row, value } of good) {
      const before = byCode.get(value.Code.toLowerCase());
      const account =
        present.has('BankAccount') && !isMaskedAccount(value.BankAccount) ? value.BankAccount : before?.hasAccount;
      const cnaps = present.has('BankCnaps') ? branches.get(row)?.bankCnaps : before?.bankCnaps;
      if (account && !cnaps && !badBranch.has(row)) errors.add(row, 'BankCnaps', 'banks.cnaps_required');
    }
  errors.throwIfAny();

  // New accounts share the hash of a secret nobody knows: they cannot sign in until a password is reset for them.
  const lockedHash = await hashPassword(randomBytes(32).toString('hex'));
  return db.transaction(async (tx) => {
    let created = 0;
    const ids = new Map<string, number>();
    for (const { row, value } of good) {
      const code = value.Code.toLowerCase();
      const fields: Partial<repo.EmployeeValues> = {
        code: value.Code,
        nameZh: value.NameZH,
        nameEn: value.NameEN,
        teamId: teams.get(value.TeamCode.toLowerCase())!.id,
      };
      if (present.has('Email')) fields.email = value.Email ?? null;
      if (present.has('Mobile')) fields.mobile = value.Mobile ?? null;
      if (present.has('BankName')) fields.bankName = value.BankName ?? null;
      // The export masks accounts: a masked cell sent back unchanged keeps the stored number (core/masking).
      if (present.has('BankAccount') && !isMaskedAccount(value.BankAccount))
        fields.bankAccount = value.BankAccount ?? null;
      if (present.has('BankAccountName')) fields.bankAccountName = value.BankAccountName ?? null;
      const branch = branches.get(row);
      if (branch) Object.assign(fields, branch);
      if (present.has('Language') && value.Language) fields.language = value.Language;
      if (present.has('ApprovalLimit')) fields.approvalLimit = value.ApprovalLimit ? money(value.ApprovalLimit) : null;
      const existing = byCode.get(code);
      if (existing) {
        await repo.updateEmployee(tx, existing.id, null, fields);
        ids.set(code, existing.id);
      } else {
        const row = await repo.insertEmployee(tx, { ...fields, companyId: actor.companyId } as repo.EmployeeValues);
        ids.set(code, row.id);
        created += 1;
      }
    }
    for (const { value } of good) {
      const id = ids.get(value.Code.toLowerCase())!;
      if (present.has('LineManagerCode')) {
        const m = value.LineManagerCode?.toLowerCase();
        const managerId = m ? (ids.get(m) ?? byCode.get(m)!.id) : null;
        await repo.updateEmployee(tx, id, null, { lineManagerId: managerId });
      }
      if (value.Username) {
        const account = await repo.accountOf(tx, id);
        if (!account) await repo.insertAccount(tx, id, value.Username, lockedHash);
        else if (account.username !== value.Username.toLowerCase())
          await repo.renameAccount(tx, account.id, value.Username);
      }
    }
    await audit(
      tx,
      auditEntry(actor, {
        action: 'import',
        entity: 'employee',
        entityId: null,
        detail: { rows: good.length, created, codes: good.slice(0, 500).map((g) => g.value.Code) },
      }),
    );
    return { Imported: good.length, Created: created, Updated: good.length - created };
  });
}
