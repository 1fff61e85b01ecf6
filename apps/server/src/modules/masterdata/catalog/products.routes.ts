import {
  DeleteByIdsBody,
  ImportResult,
  Ok,
  ProductBuRow,
  ProductRow,
  pageOf,
  SaveProductBody,
  SaveProductBuBody,
  SearchProductBody,
  SearchProductBuBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { postGroup } from '../../../core/http';
import { importUpload } from './excel';
import { exportBus, exportProducts, importBus, importProducts } from './products.excel';
import * as products from './products.service';

const tags = ['products'];
const ok = { Success: true as const };
const PRODUCTS = 'ProductConfig';
const BUS = 'ProductConfigBU';
const noPaging = { PageIndex: true, PageSize: true } as const;

export async function productRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/system', permission: PRODUCTS, tags });
  call(
    'SearchProductConfig',
    {
      summary: 'Products of the company with their BU',
      body: SearchProductBody,
      response: pageOf(ProductRow),
    },
    async (req) => products.searchProducts(ctx.db, actorOf(req), req.body),
  );
  call(
    'SaveProductConfig',
    {
      summary: 'Create (no ID) or update a product; the code does not change',
      body: SaveProductBody,
      response: ProductRow,
    },
    async (req) => products.saveProduct(ctx.db, actorOf(req), req.body),
  );
  call(
    'DeleteProductConfig',
    {
      summary: 'Delete products no GL mapping names',
      body: DeleteByIdsBody,
      response: Ok,
    },
    async (req) => {
      await products.deleteProducts(ctx.db, actorOf(req), req.body.IDs);
      return ok;
    },
  );
  call(
    'ExportProductConfig',
    {
      summary: 'Export the products matching the filters to Excel, in the import layout',
      body: SearchProductBody.omit(noPaging),
    },
    async (req, reply) => exportProducts(ctx, actorOf(req), req.body, reply),
  );
  call(
    'ImportProductConfig',
    {
      summary: 'Create or update products from Excel (multipart); a file with any bad cell changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return importProducts(ctx, { ...actorOf(req), culture }, data);
    },
  );

  call(
    'SearchProductConfigBU',
    {
      permission: [BUS, PRODUCTS],
      summary: 'Business units of products',
      body: SearchProductBuBody,
      response: pageOf(ProductBuRow),
    },
    async (req) => products.searchBus(ctx.db, actorOf(req), req.body),
  );
  call(
    'SaveProductConfigBU',
    {
      permission: BUS,
      summary: 'Create (no ID) or update a business unit',
      body: SaveProductBuBody,
      response: ProductBuRow,
    },
    async (req) => products.saveBu(ctx.db, actorOf(req), req.body),
  );
  call(
    'DeleteProductConfigBU',
    {
      permission: BUS,
      summary: 'Delete business units without products',
      body: DeleteByIdsBody,
      response: Ok,
    },
    async (req) => {
      await products.deleteBus(ctx.db, actorOf(req), req.body.IDs);
      return ok;
    },
  );
  call(
    'ExportProductConfigBU',
    {
      permission: BUS,
      summary: 'Export the business units matching the filters to Excel, in the import layout',
      body: SearchProductBuBody.omit(noPaging),
    },
    async (req, reply) => exportBus(ctx, actorOf(req), req.body, reply),
  );
  call(
    'ImportProductConfigBU',
    {
      permission: BUS,
      summary: 'Create or update business units from Excel (multipart); a file with any bad cell changes nothing',
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return importBus(ctx, { ...actorOf(req), culture }, data);
    },
  );
}
