import {
  AddCoverageBody,
  ChangedResult,
  CoverageRow,
  DeleteByIdsBody,
  HcoRow,
  HcpRow,
  ImportResult,
  pageOf,
  SaveHcoBody,
  SaveHcpBody,
  SearchCoverageMasterBody,
  SearchHcoMasterBody,
  SearchHcpMasterBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { postGroup } from '../../../core/http';
import { importUpload } from '../catalog/excel';
import { lifecycleRoutes } from '../lifecycle.routes';
import * as excel from './customer-master.excel';
import * as service from './customer-master.service';

const tags = ['customer master'];
export const HCOS = 'HCOManage';
export const HCPS = 'HCPManage';
export const COVERAGE = 'CustomerCoverage';
const base = '/api/customerMaster';
const noPaging = { PageIndex: true, PageSize: true } as const;

/** The HCO, HCP and coverage screens (the document pickers have their own calls in documents/customers). */
export async function customerMasterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base, permission: HCOS, tags });
  call(
    'SearchHCO',
    {
      permission: [HCOS, HCPS, COVERAGE],
      summary: 'HCOs of the company, started and stopped; clinical-trial ones when asked',
      body: SearchHcoMasterBody,
      response: pageOf(HcoRow),
    },
    async (req) => service.searchHcos(ctx.db, actorOf(req), req.body),
  );
  call(
    'SaveHCO',
    { summary: 'Create (no ID) or update an HCO; the code does not change', body: SaveHcoBody, response: HcoRow },
    async (req) => service.saveHco(ctx.db, actorOf(req), req.body),
  );
  call(
    'ExportHCO',
    { summary: 'Export the HCOs matching the filters, in the import layout', body: SearchHcoMasterBody.omit(noPaging) },
    async (req, reply) => excel.exportHcos(ctx, actorOf(req), req.body, reply),
  );
  call(
    'ImportHCO',
    {
      summary: 'Create or update HCOs from Excel (multipart); a file with any bad cell changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return excel.importHcos(ctx, { ...actorOf(req), culture }, data);
    },
  );
  lifecycleRoutes(app, ctx, {
    spec: service.hcoLifecycle,
    paths: { start: `${base}/StartHCO`, stop: `${base}/StopHCO`, remove: `${base}/DeleteHCO` },
    permission: HCOS,
    tags,
    noun: 'HCOs',
  });

  call(
    'SearchHCP',
    {
      permission: [HCPS, COVERAGE],
      summary: 'HCPs of the company with their HCO, started and stopped',
      body: SearchHcpMasterBody,
      response: pageOf(HcpRow),
    },
    async (req) => service.searchHcps(ctx.db, actorOf(req), req.body),
  );
  call(
    'SaveHCP',
    {
      permission: HCPS,
      summary: 'Create (no ID) or update an HCP; the code does not change',
      body: SaveHcpBody,
      response: HcpRow,
    },
    async (req) => service.saveHcp(ctx.db, actorOf(req), req.body),
  );
  call(
    'ExportHCP',
    {
      permission: HCPS,
      summary: 'Export the HCPs matching the filters, in the import layout',
      body: SearchHcpMasterBody.omit(noPaging),
    },
    async (req, reply) => excel.exportHcps(ctx, actorOf(req), req.body, reply),
  );
  call(
    'ImportHCP',
    {
      permission: HCPS,
      summary: 'Create or update HCPs from Excel (multipart); a file with any bad cell changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return excel.importHcps(ctx, { ...actorOf(req), culture }, data);
    },
  );
  lifecycleRoutes(app, ctx, {
    spec: service.hcpLifecycle,
    paths: { start: `${base}/StartHCP`, stop: `${base}/StopHCP`, remove: `${base}/DeleteHCP` },
    permission: HCPS,
    tags,
    noun: 'HCPs',
  });

  call(
    'SearchCoverage',
    {
      permission: COVERAGE,
      summary: "Representatives' coverage of HCPs and HCOs",
      body: SearchCoverageMasterBody,
      response: pageOf(CoverageRow),
    },
    async (req) => service.searchCoverage(ctx.db, actorOf(req), req.body),
  );
  call(
    'AddCoverage',
    {
      permission: COVERAGE,
      summary: 'Give a representative HCPs or HCOs to cover (rows already there stay)',
      body: AddCoverageBody,
      response: ChangedResult,
    },
    async (req) => ({ Success: true as const, Changed: await service.addCoverage(ctx.db, actorOf(req), req.body) }),
  );
  call(
    'RemoveCoverage',
    { permission: COVERAGE, summary: 'Remove coverage rows', body: DeleteByIdsBody, response: ChangedResult },
    async (req) => ({
      Success: true as const,
      Changed: await service.removeCoverage(ctx.db, actorOf(req), req.body.IDs),
    }),
  );
  call(
    'ExportCoverage',
    {
      permission: COVERAGE,
      summary: 'Export the coverage matching the filters, in the import layout',
      body: SearchCoverageMasterBody.omit(noPaging),
    },
    async (req, reply) => excel.exportCoverage(ctx, actorOf(req), req.body, reply),
  );
  call(
    'ImportCoverage',
    {
      permission: COVERAGE,
      summary: 'Add coverage rows from Excel (multipart); a file with any bad cell changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return excel.importCoverage(ctx, { ...actorOf(req), culture }, data);
    },
  );
}
