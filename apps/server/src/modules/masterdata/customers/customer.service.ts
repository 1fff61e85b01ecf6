import type { Culture, CustomerKind, CustomerRow, Page } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { localName, localText } from '../../../core/i18n';
import * as repo from './customer.repository';

export type { CoverageInsert } from './customer.repository';

export interface CustomerQuery extends repo.CustomerFilter {
  kind: CustomerKind;
}

/**
 * HCPs or HCOs of the company to choose from, those `coveredBy` covers first (an HCP counts as covered through its
 * hospital too); with `coveredOnly` just those. Other modules call this; the customer master has no screens yet.
 */
export async function searchCustomers(
  db: Db,
  companyId: number,
  q: CustomerQuery,
  culture: Culture,
): Promise<Page<CustomerRow>> {
  if (q.kind === 'HCP') {
    const { total, rows } = await repo.searchHcps(db, companyId, q);
    return {
      Total: total,
      Rows: rows.map((r) => ({
        Kind: 'HCP' as const,
        CustomerID: r.hcp.id,
        Code: r.hcp.code,
        Name: localName(culture, r.hcp.nameZh, r.hcp.nameEn),
        NameZH: r.hcp.nameZh,
        NameEN: r.hcp.nameEn,
        HCOName: r.hcoZh === null ? null : localName(culture, r.hcoZh, r.hcoEn),
        Title: localText(culture, r.hcp.titleZh, r.hcp.titleEn),
        Department: r.hcp.department,
        Level: null,
        City: null,
        IsClinicalTrial: false,
        Covered: !!r.covered,
      })),
    };
  }
  const { total, rows } = await repo.searchHcos(db, companyId, q);
  return {
    Total: total,
    Rows: rows.map((r) => ({
      Kind: 'HCO' as const,
      CustomerID: r.hco.id,
      Code: r.hco.code,
      Name: localName(culture, r.hco.nameZh, r.hco.nameEn),
      NameZH: r.hco.nameZh,
      NameEN: r.hco.nameEn,
      HCOName: null,
      Title: null,
      Department: null,
      Level: r.hco.level,
      City: localText(culture, r.hco.cityZh, r.hco.cityEn),
      IsClinicalTrial: r.hco.clinicalTrial,
      Covered: !!r.covered,
    })),
  };
}

/** Which of the ids are the company's active HCPs, and which its active HCOs (with their clinical-trial flag). */
export async function activeCustomers(db: Db, companyId: number, ids: { hcps: number[]; hcos: number[] }) {
  const [hcps, hcos] = await Promise.all([
    repo.activeHcps(db, companyId, ids.hcps),
    repo.activeHcos(db, companyId, ids.hcos),
  ]);
  return { hcps: new Set(hcps.map((h) => h.id)), hcos: new Map(hcos.map((h) => [h.id, h.clinicalTrial])) };
}

/** Demo and import: hospitals, doctors and who covers them, inside the caller's transaction. */
export const insertHcos = repo.insertHcos;
export const insertHcps = repo.insertHcps;
export const insertCoverage = repo.insertCoverage;
