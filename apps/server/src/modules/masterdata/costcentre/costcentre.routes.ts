import {
  CostCenterDetail,
  CostCenterIdBody,
  CostCenterRow,
  ExportCostCenterBody,
  ImportResult,
  LoadOwnerTeamBody,
  LoadRelSapCodeBody,
  OwnerTeamResult,
  pageOf,
  RelSapCodes,
  SaveCostCenterBody,
  SearchCostCenterBody,
  SearchHaveHeadBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, postGroup } from '../../../core/http';
import { lifecycleRoutes } from '../lifecycle.routes';
import { exportCostCentres, importCostCentres } from './costcentre.excel';
import * as service from './costcentre.service';
import { partRoutes } from './parts.routes';
import * as partService from './parts.service';

export const MANAGE = 'costCenterManagement';
/** Screens that pick cost centres besides their own management screen. */
export const COST_CENTRE_READERS = [
  MANAGE,
  'internalOrderManagement',
  'fundsPermission',
  'queryFundsPermission',
  'ImportCostCenterMapping',
  'ImportYTDManual',
  // The fixed-asset records filter by cost centre.
  'fixedAssets',
  // So do the document and spend reports.
  'DocumentStatus',
  'MonthReport',
  'CurrentReport',
] as const;
const tags = ['cost centres'];
const base = '/api/CostCenterMaster';

export async function costCentreRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: base, permission: MANAGE, tags });
  call(
    'Search',
    {
      permission: COST_CENTRE_READERS,
      summary:
        'Cost centres by code, name, SAP code, status, type, owner team or head; Choosable gives those a new document may use',
      body: SearchCostCenterBody,
      response: pageOf(CostCenterRow),
    },
    async (req) => service.search(ctx.db, actorOf(req), req.body),
  );

  call(
    'LoadRecord',
    {
      summary: 'One cost centre with its heads, allotments and form orders',
      body: CostCenterIdBody,
      response: CostCenterDetail,
    },
    async (req) => service.detail(ctx.db, actorOf(req), req.body.CostCenterID),
  );

  call(
    'Save',
    {
      summary: 'Create (no CostCenterID) or update a cost centre; HeadIDs, when given, become its heads in order',
      body: SaveCostCenterBody,
      response: CostCenterDetail,
    },
    async (req) => service.save(ctx, actorOf(req), req.body),
  );

  lifecycleRoutes(app, ctx, {
    spec: service.lifecycle,
    paths: { start: `${base}/StartCenter`, stop: `${base}/StopCenter`, remove: `${base}/Delete` },
    permission: MANAGE,
    tags,
    noun: 'cost centres',
  });

  call(
    'LoadRelSapCode',
    {
      summary: 'SAP cost-centre codes in use, each with the cost centres that carry it',
      body: LoadRelSapCodeBody,
      response: RelSapCodes,
    },
    async (req) => partService.relSapCodes(ctx.db, currentUser(req).companyId, req.body.Keyword, req.culture),
  );

  call(
    'LoadOwnerTeam',
    {
      summary: 'The owner team of a cost centre (or a team): path, head, size and the cost centres it owns',
      body: LoadOwnerTeamBody,
      response: OwnerTeamResult,
    },
    async (req) => partService.ownerTeam(ctx.db, currentUser(req).companyId, req.body, req.culture),
  );

  call(
    'SearchHaveHead',
    {
      summary: 'Cost centres a person heads (EmployeeID), or those with or without heads (HasHead)',
      body: SearchHaveHeadBody,
      response: pageOf(CostCenterRow),
    },
    async (req) =>
      service.search(ctx.db, actorOf(req), {
        PageIndex: req.body.PageIndex,
        PageSize: req.body.PageSize,
        ...(req.body.SortField ? { SortField: req.body.SortField } : {}),
        ...(req.body.SortOrder ? { SortOrder: req.body.SortOrder } : {}),
        ...(req.body.EmployeeID ? { HeadID: req.body.EmployeeID } : {}),
        ...(req.body.HasHead !== undefined ? { HasHead: req.body.HasHead } : {}),
      }),
  );

  call(
    'ExportCostCenter',
    {
      summary:
        'Export the cost centres matching the filters to Excel (the import layout), headers in the caller’s language',
      body: ExportCostCenterBody,
    },
    async (req, reply) => exportCostCentres(ctx, reply, currentUser(req).companyId, req.body, req.culture),
  );

  call(
    'ImportCostCenter',
    {
      summary: 'Import cost centres from Excel in the export layout: all rows or none, every bad cell named',
      multipart: true,
      response: ImportResult,
    },
    async (req) => importCostCentres(ctx, req, actorOf(req)),
  );

  await partRoutes(app, ctx);
}
