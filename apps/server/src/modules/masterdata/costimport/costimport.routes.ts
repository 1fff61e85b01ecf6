import {
  ChangedResult,
  CostCenterMappingRow,
  DeleteByIdsBody,
  ExportCostCenterMappingBody,
  ExportYTDManualBody,
  GetCostCenterMappingBody,
  GetYTDManualBody,
  ImportResult,
  pageOf,
  YTDManualPage,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post } from '../../../core/http';
import * as service from './costimport.service';

/** Imports that feed reports: outside cost-centre codes mapped to ours, and year-to-date amounts entered by hand. */
export async function costImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const m = { permission: 'ImportCostCenterMapping', tags: ['cost-centre mapping'] };
  post(
    app,
    '/api/system/GetCostCenterMapping',
    {
      ...m,
      summary: 'Outside cost-centre codes and ours',
      body: GetCostCenterMappingBody,
      response: pageOf(CostCenterMappingRow),
    },
    async (req) => service.mappings(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    '/api/system/ExportCostCenterMapping',
    { ...m, summary: 'Export the mapping to Excel (the import layout)', body: ExportCostCenterMappingBody },
    async (req, reply) => service.exportMappings(ctx, reply, currentUser(req).companyId, req.body, req.culture),
  );
  post(
    app,
    '/api/system/ImportCostCenterMapping',
    { ...m, summary: 'Import the mapping from Excel: all rows or none', multipart: true, response: ImportResult },
    async (req) => service.importMappings(ctx, req, actorOf(req)),
  );
  post(
    app,
    '/api/system/DeleteCostCenterMapping',
    { ...m, summary: 'Delete mapping rows', body: DeleteByIdsBody, response: ChangedResult },
    async (req) => ({ Success: true as const, Changed: await service.deleteMappings(ctx, actorOf(req), req.body.IDs) }),
  );

  const y = { permission: 'ImportYTDManual', tags: ['YTD manual'] };
  post(
    app,
    '/api/system/GetYTDManual',
    {
      ...y,
      summary: 'Year-to-date amounts entered by hand, with the sum of those the filters select',
      body: GetYTDManualBody,
      response: YTDManualPage,
    },
    async (req) => service.ytdPage(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    '/api/system/ExportYTDManual',
    { ...y, summary: 'Export the YTD amounts to Excel (the import layout)', body: ExportYTDManualBody },
    async (req, reply) => service.exportYtd(ctx, reply, currentUser(req).companyId, req.body, req.culture),
  );
  post(
    app,
    '/api/system/ImportYTDManual',
    { ...y, summary: 'Import YTD amounts from Excel: all rows or none', multipart: true, response: ImportResult },
    async (req) => service.importYtd(ctx, req, actorOf(req)),
  );
  post(
    app,
    '/api/system/DeleteYTDManual',
    { ...y, summary: 'Delete YTD amounts', body: DeleteByIdsBody, response: ChangedResult },
    async (req) => ({ Success: true as const, Changed: await service.deleteYtd(ctx, actorOf(req), req.body.IDs) }),
  );
}
