import {
  COMMON_LOOKUPS,
  type CommonLookupName,
  CommonLookupParams,
  EXPENSE_CATEGORIES,
  type GetCommonSqlBody,
  type MasterOption,
  PROVIDER_CATEGORIES,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { AppError, notFound } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { issueCode, type ZodIssueLike } from '../../../core/problem';
import * as items from '../expense/expense-items.repository';
import * as types from '../expense/expense-types.repository';
import * as config from '../expense/item-config.repository';
import { costCentreTypeOptions } from '../expense/item-config.service';
import * as products from './products.repository';
import * as providers from './providers.repository';

type Lookup<N extends CommonLookupName> = (
  ctx: AppContext,
  actor: Actor,
  params: ReturnType<(typeof CommonLookupParams)[N]['parse']>,
) => Promise<MasterOption[]>;

const option = (id: number, code: string, zh: string, en: string, actor: Actor, extra: string | null = null) => ({
  Value: id,
  Code: code,
  Label: localName(actor.culture, zh, en),
  Extra: extra,
});

/**
 * The named lookups GetCommonSql runs: each is a fixed repository query of the caller's company with its own,
 * validated parameters. Nothing the client sends becomes SQL text.
 */
const LOOKUPS: { [N in CommonLookupName]: Lookup<N> } = {
  ExpenseCategories: async (ctx, actor) =>
    EXPENSE_CATEGORIES.map((c) => ({
      Value: c,
      Code: c,
      Label: ctx.messages.t(`expenseMaster.category.${c}`, actor.culture),
      Extra: null,
    })),
  ExpenseTypesByDocType: async (ctx, actor, p) =>
    (await types.typesOf(ctx.db, actor.companyId, { docType: p.DocType, activeOnly: true })).map((t) =>
      option(t.id, t.code, t.nameZh, t.nameEn, actor),
    ),
  ExpenseItemsByType: async (ctx, actor, p) => {
    if (!(await types.findType(ctx.db, actor.companyId, p.ExpenseTypeID))) throw notFound();
    return (await items.itemsOfType(ctx.db, p.ExpenseTypeID)).map((i) =>
      option(i.id, i.code, i.nameZh, i.nameEn, actor, i.category),
    );
  },
  ExpenseItemsByCategory: async (ctx, actor, p) => {
    const q = { Category: p.Category, Status: 'active' as const, PageIndex: 1, PageSize: 500 };
    const { rows } = await items.searchItems(ctx.db, actor.companyId, q, actor.culture);
    return rows.map(({ item: i }) => option(i.id, i.code, i.nameZh, i.nameEn, actor, i.category));
  },
  SubExpenseItems: async (ctx, actor, p) => {
    if (!(await items.findItem(ctx.db, actor.companyId, p.ExpenseItemID))) throw notFound();
    return (await items.activeSubItemsOf(ctx.db, p.ExpenseItemID)).map((s) =>
      option(s.id, s.code, s.nameZh, s.nameEn, actor),
    );
  },
  ProductBUs: async (ctx, actor) =>
    (await products.allBus(ctx.db, actor.companyId, { Status: 'active' }, 500)).map(({ bu }) =>
      option(bu.id, bu.code, bu.nameZh, bu.nameEn, actor),
    ),
  Products: async (ctx, actor, p) =>
    (await config.activeProducts(ctx.db, actor.companyId, { buId: p.BuID })).map(({ product, bu }) =>
      option(product.id, product.code, product.nameZh, product.nameEn, actor, bu?.code ?? null),
    ),
  Providers: async (ctx, actor, p) => {
    const q = { Keyword: p.Keyword, Category: p.Category, PageIndex: 1, PageSize: 200 };
    return (await providers.chooseProviders(ctx.db, actor.companyId, q)).rows.map(({ provider: v }) =>
      option(v.id, v.code, v.nameZh, v.nameEn, actor, v.category),
    );
  },
  ProviderCategories: async (ctx, actor) =>
    PROVIDER_CATEGORIES.map((c) => ({
      Value: c,
      Code: c,
      Label: ctx.messages.t(`expenseMaster.providerCategory.${c}`, actor.culture),
      Extra: null,
    })),
  StartedLedgerExpenses: async (ctx, actor, p) =>
    (await config.startedLedgers(ctx.db, actor.companyId, p.Keyword)).map((l) =>
      option(l.id, l.code, l.nameZh, l.nameEn, actor, l.glAccount),
    ),
  CostCentreTypes: (ctx, actor) => costCentreTypeOptions(ctx.db, ctx.messages, actor, {}),
};

function run<N extends CommonLookupName>(ctx: AppContext, actor: Actor, name: N, raw: unknown) {
  const parsed = CommonLookupParams[name].safeParse(raw ?? {});
  if (!parsed.success) {
    throw new AppError(
      400,
      'validation.failed',
      undefined,
      parsed.error.issues.map((i) => ({
        field: ['Params', ...i.path.map(String)].join('.'),
        ...issueCode(i as unknown as ZodIssueLike),
      })),
    );
  }
  return (LOOKUPS[name] as Lookup<N>)(ctx, actor, parsed.data as ReturnType<(typeof CommonLookupParams)[N]['parse']>);
}

export async function commonLookup(ctx: AppContext, actor: Actor, body: GetCommonSqlBody) {
  // The body schema already limits Name to COMMON_LOOKUPS; this guards the map staying complete.
  if (!COMMON_LOOKUPS.includes(body.Name)) throw notFound();
  return { Rows: await run(ctx, actor, body.Name, body.Params) };
}
