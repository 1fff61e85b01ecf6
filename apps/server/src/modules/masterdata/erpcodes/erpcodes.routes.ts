import {
  DeleteByIdsBody,
  ExportSapVendorBody,
  ImportResult,
  Ok,
  pageOf,
  SapVendorRow,
  SaveSapVendorBody,
  SaveTaxCodeBody,
  SearchSapVendorBody,
  SearchTaxCodeBody,
  TaxCodeRow,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { postGroup } from '../../../core/http';
import { exportVendors, importVendors } from './erpcodes.excel';
import * as codes from './erpcodes.service';

const TAX = 'taxCodeMapping';
const VENDOR = 'sapVendorAccount';

/** The SAP tax codes per fapiao kind and rate (/api/TaxCodeMapping/) and people's SAP vendor accounts (/api/SapVendorAccount/). */
export async function erpCodesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tax = postGroup(app, { base: '/api/TaxCodeMapping', permission: TAX, tags: ['tax codes'] });
  tax(
    'Search',
    {
      summary: 'The tax codes of the company by fapiao kind and rate',
      body: SearchTaxCodeBody,
      response: pageOf(TaxCodeRow),
    },
    async (req) => codes.searchTaxCodes(ctx.db, actorOf(req), req.body),
  );
  tax(
    'Save',
    {
      summary: 'Create (no ID) or update the tax code of a fapiao kind at a rate',
      body: SaveTaxCodeBody,
      response: TaxCodeRow,
    },
    async (req) => codes.saveTaxCode(ctx.db, actorOf(req), req.body),
  );
  tax('Delete', { summary: 'Delete tax codes', body: DeleteByIdsBody, response: Ok }, async (req) => {
    await codes.deleteTaxCodes(ctx.db, actorOf(req), req.body.IDs);
    return { Success: true as const };
  });

  const vendor = postGroup(app, { base: '/api/SapVendorAccount', permission: VENDOR, tags: ['SAP vendor accounts'] });
  vendor(
    'Search',
    { summary: "People's SAP vendor accounts", body: SearchSapVendorBody, response: pageOf(SapVendorRow) },
    async (req) => codes.searchVendors(ctx.db, actorOf(req), req.body),
  );
  vendor(
    'Save',
    {
      summary: "Create (no ID) or update a person's SAP vendor account",
      body: SaveSapVendorBody,
      response: SapVendorRow,
    },
    async (req) => codes.saveVendor(ctx.db, actorOf(req), req.body),
  );
  vendor('Delete', { summary: 'Delete SAP vendor accounts', body: DeleteByIdsBody, response: Ok }, async (req) => {
    await codes.deleteVendors(ctx.db, actorOf(req), req.body.IDs);
    return { Success: true as const };
  });
  vendor(
    'Export',
    {
      summary: 'Export the SAP vendor accounts matching the filters to Excel (the import layout)',
      body: ExportSapVendorBody,
    },
    async (req, reply) => exportVendors(ctx, reply, actorOf(req), req.body),
  );
  vendor(
    'Import',
    {
      summary: 'Import SAP vendor accounts from Excel in the export layout: all rows or none',
      multipart: true,
      response: ImportResult,
    },
    async (req) => importVendors(ctx, req, actorOf(req)),
  );
}
