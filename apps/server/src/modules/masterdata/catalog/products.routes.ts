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
import { post } from '../../../core/http';
import { importUpload } from './excel';
import { exportBus, exportProducts, importBus, importProducts } from './products.excel';
import * as products from './products.service';

const tags = ['products'];
const ok = { Success: true as const };
const PRODUCTS = 'ProductConfig';
const BUS = 'ProductConfigBU';
const noPaging = { PageIndex: true, PageSize: true } as const;

export async function productRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  post(
    app,
    '/api/system/SearchProductConfig',
    {
      permission: PRODUCTS,
      summary: 'Products of the company with their BU',
      tags,
      body: SearchProductBody,
      response: pageOf(ProductRow),
    },
    async (req) => products.searchProducts(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    '/api/system/SaveProductConfig',
    {
      permission: PRODUCTS,
      summary: 'Create (no ID) or update a product; the code does not change',
      tags,
      body: SaveProductBody,
      response: ProductRow,
    },
    async (req) => products.saveProduct(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    '/api/system/DeleteProductConfig',
    {
      permission: PRODUCTS,
      summary: 'Delete products no GL mapping names',
      tags,
      body: DeleteByIdsBody,
      response: Ok,
    },
    async (req) => {
      await products.deleteProducts(ctx.db, actorOf(req), req.body.IDs);
      return ok;
    },
  );
  post(
    app,
    '/api/system/ExportProductConfig',
    {
      permission: PRODUCTS,
      summary: 'Export the products matching the filters to Excel, in the import layout',
      tags,
      body: SearchProductBody.omit(noPaging),
    },
    async (req, reply) => exportProducts(ctx, actorOf(req), req.body, reply),
  );
  post(
    app,
    '/api/system/ImportProductConfig',
    {
      permission: PRODUCTS,
      summary: 'Create or update products from Excel (multipart); a file with any bad cell changes nothing',
      tags,
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return importProducts(ctx, { ...actorOf(req), culture }, data);
    },
  );

  post(
    app,
    '/api/system/SearchProductConfigBU',
    {
      permission: [BUS, PRODUCTS],
      summary: 'Business units of products',
      tags,
      body: SearchProductBuBody,
      response: pageOf(ProductBuRow),
    },
    async (req) => products.searchBus(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    '/api/system/SaveProductConfigBU',
    {
      permission: BUS,
      summary: 'Create (no ID) or update a business unit',
      tags,
      body: SaveProductBuBody,
      response: ProductBuRow,
    },
    async (req) => products.saveBu(ctx.db, actorOf(req), req.body),
  );
  post(
    app,
    '/api/system/DeleteProductConfigBU',
    {
      permission: BUS,
      summary: 'Delete business units without products',
      tags,
      body: DeleteByIdsBody,
      response: Ok,
    },
    async (req) => {
      await products.deleteBus(ctx.db, actorOf(req), req.body.IDs);
      return ok;
    },
  );
  post(
    app,
    '/api/system/ExportProductConfigBU',
    {
      permission: BUS,
      summary: 'Export the business units matching the filters to Excel, in the import layout',
      tags,
      body: SearchProductBuBody.omit(noPaging),
    },
    async (req, reply) => exportBus(ctx, actorOf(req), req.body, reply),
  );
  post(
    app,
    '/api/system/ImportProductConfigBU',
    {
      permission: BUS,
      summary: 'Create or update business units from Excel (multipart); a file with any bad cell changes nothing',
      tags,
      multipart: true,
      response: ImportResult,
    },
    async (req) => {
      const { data, culture } = await importUpload(req);
      return importBus(ctx, { ...actorOf(req), culture }, data);
    },
  );
}
