import {
  DeleteLanguageBody,
  LanguageResource,
  LanguageVersionResult,
  Ok,
  pageOf,
  SearchLanguageBody,
  UpdateLanguageBody,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { sendXlsx } from '../../core/export';
import { get, postGroup } from '../../core/http';
import * as repo from './i18n.repository';
import { LanguagePacks, publish, remove, save, search } from './i18n.service';

const tags = ['i18n'];
const MANAGE = 'languageManage';
const EXPORT_LIMIT = 100_000;

export async function i18nRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const packs = new LanguagePacks(ctx);
  const call = postGroup(app, { base: '/api/System', permission: MANAGE, tags });

  for (const culture of ['zh-CN', 'en-GB'] as const) {
    get(
      app,
      `/Content/Language/Language_${culture}.json`,
      {
        permission: 'public',
        summary: `Language pack ${culture}: a flat map of key to text; ?v=<LanguageVersion> makes it cacheable for good`,
        tags,
        querystring: z.object({ v: z.string().max(40).optional() }),
        response: z.record(z.string(), z.string()),
      },
      async (req, reply) => {
        const { version, json } = await packs.pack(culture);
        const asked = (req.query as { v?: string }).v;
        reply
          .header('X-Language-Version', version)
          .header('Cache-Control', asked === version ? 'public, max-age=31536000, immutable' : 'no-cache')
          .type('application/json; charset=utf-8');
        return reply.serializer((p: unknown) => p as string).send(json) as never;
      },
    );
  }

  call(
    'SearchLanguage',
    {
      summary: 'Search language resources',
      body: SearchLanguageBody,
      response: pageOf(LanguageResource),
    },
    async (req) => search(ctx.db, req.body),
  );

  call(
    'UpdateLanguage',
    {
      summary: 'Create (no ID) or update a language resource; publishes at once',
      body: UpdateLanguageBody,
      response: LanguageResource,
    },
    async (req) => save(ctx, actorOf(req), req.body),
  );

  call(
    'DeleteLanguage',
    { summary: 'Delete language resources', body: DeleteLanguageBody, response: Ok },
    async (req) => {
      await remove(ctx, actorOf(req), req.body.IDs);
      return { Success: true as const };
    },
  );

  call(
    'CreateLanguageJson',
    {
      summary: 'Publish the language packs under a new version',
      response: LanguageVersionResult,
    },
    async (req) => ({ LanguageVersion: await publish(ctx, actorOf(req)) }),
  );

  call(
    'ExportLanguage',
    {
      summary: 'Export language resources matching the filters to Excel',
      body: SearchLanguageBody.omit({ PageIndex: true, PageSize: true }),
    },
    async (req, reply) => {
      const rows = await repo.searchAll(ctx.db, req.body, EXPORT_LIMIT);
      const t = (k: string) => ctx.messages.t(`export.language.${k}`, req.culture);
      return sendXlsx(
        reply,
        `${t('fileName')}.xlsx`,
        t('sheet'),
        [
          { header: t('pageId'), value: (r) => r.pageId, width: 20 },
          { header: t('itemId'), value: (r) => r.itemId, width: 40 },
          { header: t('cultureCode'), value: (r) => r.cultureCode, width: 10 },
          { header: t('itemContent'), value: (r) => r.itemContent, width: 60 },
          { header: t('type'), value: (r) => r.type, width: 10 },
          { header: t('updatedAt'), value: (r) => r.updatedAt.toISOString(), width: 24 },
        ],
        rows,
      );
    },
  );
}
