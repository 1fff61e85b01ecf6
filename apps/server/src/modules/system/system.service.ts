import { type Culture, MENU_GROUPS, type MenuResult } from '@ems/contracts';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import type { SessionUser } from '../../core/http';
import { localName, type Messages } from '../../core/i18n';
import { shanghaiToday } from '../../core/time';
import { companiesForSignIn } from '../auth/auth.service';
import { LanguagePacks } from '../i18n/i18n.service';
import { companiesOf, menuFunctions } from '../org/org.service';
import * as repo from './system.repository';

export async function index(ctx: AppContext, culture: Culture) {
  const rows = await repo.currentAnnouncements(ctx.db, null, shanghaiToday());
  return {
    AppName: ctx.messages.t('app.name', culture),
    AppVersion: ctx.appVersion,
    LanguageVersion: await new LanguagePacks(ctx).version(),
    Cultures: ['zh-CN', 'en-GB'],
    Announcements: rows.map((a) => ({
      ID: a.id,
      Title: localName(culture, a.titleZh, a.titleEn),
      Content: localName(culture, a.contentZh, a.contentEn),
      PublishDate: a.publishDate,
    })),
    SsoEnabled: !!ctx.keys.sso,
    IdleTimeoutMs: ctx.config.idleTimeoutMs,
    IdleCheckIntervalMs: ctx.config.idleCheckIntervalMs,
    AnalyticsUrl: ctx.config.analyticsUrl ?? null,
  };
}

function companyOption(c: Awaited<ReturnType<typeof companiesOf>>[number], culture: Culture) {
  return {
    CompanyID: c.companyId,
    CompanyCode: c.code,
    CompanyName: localName(culture, c.nameZh, c.nameEn),
    CompanyNameZH: c.nameZh,
    CompanyNameEN: c.nameEn,
    IsDefault: c.isDefault,
  };
}

export async function companiesForUsername(ctx: AppContext, username: string, culture: Culture) {
  return (await companiesForSignIn(ctx, username)).map((c) => companyOption(c, culture));
}

export async function menu(db: Db, user: SessionUser): Promise<MenuResult> {
  const functions = [...user.functions].sort();
  const items = await menuFunctions(db, functions);
  const Groups = MENU_GROUPS.map((g) => ({
    Group: g,
    LabelKey: `menu.group.${g}`,
    Items: items
      .filter((f) => f.menuGroup === g && f.path)
      .map((f) => ({ FunctionCode: f.code, Path: f.path!, LabelKey: f.labelKey, Sort: f.sort })),
  })).filter((g) => g.Items.length > 0);
  return { Groups, Functions: functions };
}

/** Currencies documents may be in; their names are language resources. */
const CURRENCIES = ['CNY', 'USD', 'EUR', 'HKD', 'JPY', 'GBP'] as const;

export async function masterInfo(db: Db, messages: Messages, user: SessionUser, culture: Culture) {
  const companies = await companiesOf(db, user.userId);
  const params = await repo.parameters(db, user.companyId, true);
  return {
    Companies: companies.map((c) => companyOption(c, culture)),
    Currencies: CURRENCIES.map((Code) => ({ Code, Name: messages.t(`currency.${Code}`, culture) })),
    Cultures: [
      { Code: 'zh-CN', Name: '中文' },
      { Code: 'en-GB', Name: 'English' },
    ],
    Parameters: Object.fromEntries(params.map((p) => [p.key, p.value])),
  };
}

export async function tmcParams(db: Db, companyId: number, key?: string) {
  const rows = await repo.parameters(db, companyId, true, key);
  return rows.map((p) => ({ Key: p.key, Value: p.value, Description: p.description, CompanyID: p.companyId }));
}

/** One technical parameter of the company, public or not; undefined when it is not set. */
export async function parameter(db: Db, companyId: number, key: string) {
  const [row] = await repo.parameters(db, companyId, false, key);
  return row;
}

/** Several technical parameters of the company in one read, by key; a key not set is absent. */
export async function parameterValues(db: Db, companyId: number, keys: readonly string[]) {
  const rows = await repo.parameterValues(db, companyId, keys);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Every company's id, in order. */
export function companyIds(db: Db): Promise<number[]> {
  return repo.companyIds(db);
}

export function findCompany(db: Db, id: number) {
  return repo.findCompany(db, id);
}

/** The technical parameter that marks a test system (seeded `false`); `true` or `1` switches it on. */
export const IS_TEST = 'IsTest';

/** Whether the company runs as a test system: its screens and mails carry a banner, its bank files and ERP calls a mark. */
export async function isTestSystem(db: Db, companyId: number): Promise<boolean> {
  const value = (await parameterValues(db, companyId, [IS_TEST])).get(IS_TEST);
  return value !== undefined && /^(true|1)$/i.test(value.trim());
}

/**
 * What leaves a test system is marked as test: an identifier it sends out (a bank file's run number, and so its file
 * name) gets `TEST-` before it; on a live system it is unchanged. Bank and ERP adapters call this or `isTestSystem`.
 */
export async function markedForTest(db: Db, companyId: number, id: string): Promise<string> {
  return (await isTestSystem(db, companyId)) ? `TEST-${id}` : id;
}
