import {
  DeleteByIdsBody,
  GetCommonSqlBody,
  GetProviderInfoBody,
  GetProviderListBody,
  MasterNameRow,
  MasterOptions,
  Ok,
  POWhiteListRow,
  ProviderRow,
  pageOf,
  SaveMasterNameBody,
  SavePOWhiteListBody,
  SaveProviderBody,
  SearchMasterNameBody,
  SearchPOWhiteListBody,
  SearchProviderBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { currentUser, post, postGroup } from '../../../core/http';
import { commonLookup } from './lookups.service';
import * as names from './master-names.service';
import { productRoutes } from './products.routes';
import * as providers from './providers.service';

const tags = ['providers and lookups'];
const ok = { Success: true as const };
const PROVIDERS = 'providerMasterManagement';
const PROVIDER_READERS = [PROVIDERS, 'sapExpertSearch'];
const NAMES = 'MasterDataLanuage';

/** Products and BUs, providers and the PO white list, named lookups and master-data names. */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/system', permission: PROVIDERS, tags });
  await productRoutes(app, ctx);

  call(
    'getProviderList',
    {
      permission: 'authenticated',
      summary: 'Active providers by code, name or tax number, for choosing a payee',
      body: GetProviderListBody,
      response: pageOf(ProviderRow),
    },
    async (req) => providers.chooseProviders(ctx.db, actorOf(req), req.body, currentUser(req)),
  );
  call(
    'getProviderInfo',
    {
      permission: 'authenticated',
      summary: 'One provider of the company',
      body: GetProviderInfoBody,
      response: ProviderRow,
    },
    async (req) => providers.providerInfo(ctx.db, actorOf(req), req.body.ProviderID, currentUser(req)),
  );
  post(
    app,
    '/api/masterdatamanage/SearchProviderInformationList',
    {
      permission: PROVIDER_READERS,
      summary: 'Search the provider (vendor) master by code, name, tax number, bank account, category',
      tags,
      body: SearchProviderBody,
      response: pageOf(ProviderRow),
    },
    async (req) => providers.searchProviders(ctx.db, actorOf(req), req.body, currentUser(req)),
  );
  post(
    app,
    '/api/masterdatamanage/ExportProviderInformationList',
    {
      permission: PROVIDER_READERS,
      summary: 'Export the providers matching the filters to Excel',
      tags,
      body: SearchProviderBody.omit({ PageIndex: true, PageSize: true }),
    },
    async (req, reply) => providers.exportProviders(ctx, actorOf(req), req.body, reply, currentUser(req)),
  );
  post(
    app,
    '/api/masterdatamanage/SaveProviderInformation',
    {
      permission: PROVIDERS,
      summary: 'Create (no ID) or update a provider; the code does not change',
      tags,
      body: SaveProviderBody,
      response: ProviderRow,
    },
    async (req) => providers.saveProvider(ctx.db, actorOf(req), req.body, currentUser(req)),
  );
  post(
    app,
    '/api/masterdatamanage/DeleteProviderInformation',
    {
      permission: PROVIDERS,
      summary: 'Delete providers that are not on the PO white list',
      tags,
      body: DeleteByIdsBody,
      response: Ok,
    },
    async (req) => {
      await providers.deleteProviders(ctx.db, actorOf(req), req.body.IDs);
      return ok;
    },
  );

  call(
    'SearchPOWhiteList',
    {
      summary: 'Providers whose invoices need no purchase order',
      body: SearchPOWhiteListBody,
      response: pageOf(POWhiteListRow),
    },
    async (req) => providers.searchWhiteList(ctx.db, actorOf(req), req.body),
  );
  call(
    'SavePOWhiteList',
    {
      summary: 'Put a provider on the PO white list (no ID) or change its reason and end date',
      body: SavePOWhiteListBody,
      response: POWhiteListRow,
    },
    async (req) => providers.saveWhiteListEntry(ctx.db, actorOf(req), req.body),
  );
  call(
    'DeletePOWhiteList',
    {
      summary: 'Take providers off the PO white list',
      body: DeleteByIdsBody,
      response: Ok,
    },
    async (req) => {
      await providers.deleteWhiteListEntries(ctx.db, actorOf(req), req.body.IDs);
      return ok;
    },
  );

  call(
    'GetCommonSql',
    {
      permission: 'authenticated',
      summary: 'Runs one named, whitelisted lookup with its parameters bound; never SQL text from the client',
      body: GetCommonSqlBody,
      response: MasterOptions,
    },
    async (req) => commonLookup(ctx, actorOf(req), req.body),
  );

  post(
    app,
    '/api/masterdatamanage/SearchMasterDataName',
    {
      permission: NAMES,
      summary: 'Chinese and English names of one kind of master data (the kind from a fixed list)',
      tags,
      body: SearchMasterNameBody,
      response: pageOf(MasterNameRow),
    },
    async (req) => names.searchNames(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    '/api/masterdatamanage/SaveMasterDataName',
    {
      permission: NAMES,
      summary: 'Rename a master record in both languages, by version',
      tags,
      body: SaveMasterNameBody,
      response: MasterNameRow,
    },
    async (req) => names.saveName(ctx.db, actorOf(req), req.body),
  );
}
