import { VendorList, type VendorRow } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { AppError } from '../../../core/errors';
import * as repo from './parts.repository';

/**
 * The SAP vendor-master search, behind an interface (DESIGN §13). The real adapter posts the query to the
 * customer's SAP middleware (`SAP_VENDOR_URL`); the default simulator answers from the company's vendor master
 * kept here (the provider table, which mirrors SAP's), with the same shape and limits.
 */
export interface VendorQuery {
  companyId: number;
  companyCode: string;
  keyword?: string | undefined;
  /** One vendor by its exact code. */
  code?: string | undefined;
  limit: number;
}

export interface VendorSearch {
  readonly name: string;
  search(db: Db, q: VendorQuery): Promise<VendorRow[]>;
}

export const vendorSimulator: VendorSearch = {
  name: 'simulator',
  async search(db, q) {
    const rows = await repo.vendorMaster(db, q.companyId, { keyword: q.keyword, code: q.code, limit: q.limit });
    return rows.map((r) => ({
      Code: r.code,
      Name: r.nameZh,
      TaxNo: r.taxNo,
      BankName: r.bankName,
      BankAccount: r.bankAccount,
    }));
  },
};

/** The middleware answers `{ Rows: [{ Code, Name, TaxNo, BankName, BankAccount }] }` to a JSON query. */
export function httpVendorSearch(url: string, timeoutMs = 10_000): VendorSearch {
  return {
    name: 'http',
    async search(_db, q) {
      let body: unknown;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ CompanyCode: q.companyCode, Keyword: q.keyword, Code: q.code, Limit: q.limit }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        body = await res.json();
      } catch {
        throw new AppError(502, 'vendor.search_unavailable');
      }
      const parsed = VendorList.safeParse(body);
      if (!parsed.success) throw new AppError(502, 'vendor.search_unavailable');
      return parsed.data.Rows.slice(0, q.limit);
    },
  };
}

let current: VendorSearch = vendorSimulator;

export function vendorSearch(): VendorSearch {
  return current;
}

/** Swaps the search (the configured adapter at start, or a stub in tests); returns the previous one. */
export function useVendorSearch(search: VendorSearch): VendorSearch {
  const previous = current;
  current = search;
  return previous;
}
