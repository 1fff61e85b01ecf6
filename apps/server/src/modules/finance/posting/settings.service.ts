import {
  ERP_FIELDS,
  type ERP_VOUCHER_KINDS,
  type ErpField,
  type PostingSettings,
  type SavePostingSettingsBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { staleVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { audit, auditEntry } from '../../audit/audit.service';
import { glAccountSettings } from '../entries/accounts';
import * as repo from './settings.repository';

/**
 * The company's posting settings (docs/decisions/049): the SAP document type (BLART) of each voucher kind, and the
 * fields its ERP requires. Finance sets them on the posting centre's master-data tab; the voucher sent carries the
 * document types, and the built-in simulator refuses a voucher missing a required field as SAP would.
 */
export const DEFAULT_DOCUMENT_TYPES: Record<(typeof ERP_VOUCHER_KINDS)[number], string> = {
  expense: 'KR',
  loan: 'KR',
  payment: 'KZ',
  vat_adjustment: 'SA',
  loan_repayment: 'SA',
};
/** What every voucher this system writes carries: required unless finance says otherwise. */
export const DEFAULT_REQUIRED: ErpField[] = [
  'DOC_DATE',
  'PSTNG_DATE',
  'DOC_TYPE',
  'COMP_CODE',
  'CURRENCY',
  'GL_ACCOUNT',
  'POSTING_KEY',
];

export interface ErpPostingSettings {
  documentTypes: Record<string, string>;
  requiredFields: ErpField[];
  version: number;
}

const known = (fields: readonly string[]) => ERP_FIELDS.filter((f) => fields.includes(f));

/** The settings in force for the company: its own, else the defaults. */
export async function postingSettingsOf(db: Db, companyId: number): Promise<ErpPostingSettings> {
  const row = await repo.settingsOf(db, companyId);
  return {
    documentTypes: { ...DEFAULT_DOCUMENT_TYPES, ...(row?.documentTypes ?? {}) },
    requiredFields: row ? known(row.requiredFields) : DEFAULT_REQUIRED,
    version: row?.version ?? 1,
  };
}

/** The fields the ERP requires of the company whose ERP company code this is (the simulator's check). */
export async function requiredFieldsOfCompanyCode(db: Db, companyCode: string): Promise<ErpField[]> {
  const companyId = await repo.companyOfCode(db, companyCode);
  return companyId === undefined ? DEFAULT_REQUIRED : (await postingSettingsOf(db, companyId)).requiredFields;
}

/** The GL accounts postings use (the technical parameters) and the ERP settings, for the master-data tab. */
export async function settings(db: Db, actor: Actor): Promise<PostingSettings> {
  const rows = await glAccountSettings(db, actor.companyId);
  const s = await postingSettingsOf(db, actor.companyId);
  return {
    Rows: rows.map((r) => ({ Key: r.key, Value: r.value })),
    DocumentTypes: s.documentTypes,
    RequiredFields: s.requiredFields,
    Version: s.version,
  };
}

/** Saves the company's ERP settings under its row's lock, at the version the screen saw. */
export async function saveSettings(db: Db, actor: Actor, body: SavePostingSettingsBody): Promise<PostingSettings> {
  await db.transaction(async (tx) => {
    const row = await repo.lockSettings(tx, actor.companyId, {
      documentTypes: DEFAULT_DOCUMENT_TYPES,
      requiredFields: DEFAULT_REQUIRED,
    });
    const values = { documentTypes: { ...body.DocumentTypes }, requiredFields: known(body.RequiredFields) };
    if (!(await repo.updateSettings(tx, row.id, body.Version, values))) throw staleVersion();
    await audit(
      tx,
      auditEntry(actor, {
        action: 'update',
        entity: 'erp_posting_setting',
        entityId: row.id,
        detail: { before: { documentTypes: row.documentTypes, requiredFields: row.requiredFields }, after: values },
      }),
    );
  });
  return settings(db, actor);
}
