import { DateOnly, Id, Money, OptionalDateOnly, SignedMoney } from '@ems/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { shanghaiToday } from '../src/core/time';
import { type TestApp, testApp } from './app';
import { documentMasters } from './factories';

/** Every POST route with its body schema, as declared through the `post` helper. */
const declared = vi.hoisted(() => [] as { url: string; body: unknown }[]);
vi.mock('../src/core/http', async (importOriginal) => {
  const http = await importOriginal<typeof import('../src/core/http')>();
  const post: typeof http.post = (app, url, opts, handler) => {
    if (opts.body && !opts.multipart) declared.push({ url, body: opts.body });
    http.post(app, url, opts, handler);
  };
  // Route groups register through the module's own `post`, which this mock cannot reach: route them through ours.
  const postGroup: typeof http.postGroup = (app, group) => (name, opts, handler) =>
    post(app, `${group.base}/${name}`, { permission: group.permission, tags: group.tags, ...opts }, handler);
  return { ...http, post, postGroup };
});

type Kind = 'id' | 'int' | 'string' | 'date' | 'money';
interface Leaf {
  path: (string | number)[];
  kind: Kind;
  /** The longest text the schema lets through: the column must hold it. */
  maxLength?: number;
}
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
  left?: z.ZodType;
  checks?: { _zod: { def: { check: string; format?: string; maximum?: number } } }[];
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const DATES = new Set<unknown>([DateOnly, OptionalDateOnly]);
const MONIES = new Set<unknown>([Money, SignedMoney]);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function kindOf(s: z.ZodType): Kind | undefined {
  if (s === Id) return 'id';
  if (DATES.has(s)) return 'date';
  if (MONIES.has(s)) return 'money';
  return undefined;
}

const ok = (s: z.ZodType, v: unknown) => s.safeParse(v).success;
const STRINGS = ['x', 'AB1', '2024-01-15', '1.00', 'zh-CN', 'a@example.com', 'ascend', 'Abcdef1!xyz', '00000000'];
const NUMBERS = [1, 0, 2024, 12, 100];

/** A value the schema accepts, as plain as possible; undefined when none is found. */
function sample(s: z.ZodType, depth = 0): unknown {
  if (depth > 12) return undefined;
  const d = defOf(s);
  if (s === Id) return 1;
  if (DATES.has(s)) return '2024-01-15';
  if (MONIES.has(s)) return '1.00';
  if (WRAPPERS.has(d.type) && d.innerType) {
    const inner = sample(d.innerType, depth + 1);
    return inner !== undefined && ok(s, inner) ? inner : undefined;
  }
  switch (d.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(d.shape ?? {})) {
        const v = sample(field, depth + 1);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array': {
      const v = d.element ? sample(d.element, depth + 1) : undefined;
      return v === undefined ? [] : [v];
    }
    case 'union':
      for (const option of d.options ?? []) {
        const v = sample(option, depth + 1);
        if (v !== undefined && ok(s, v)) return v;
      }
      return undefined;
    case 'pipe':
      return d.in ? sample(d.in, depth + 1) : undefined;
    case 'lazy':
      return d.getter ? sample(d.getter(), depth + 1) : undefined;
    case 'intersection':
      return d.left ? sample(d.left, depth + 1) : undefined;
    case 'enum':
      return Object.values(d.entries ?? {})[0];
    case 'literal':
      return d.values?.[0];
    case 'boolean':
      return false;
    case 'record':
      return {};
    case 'string':
      return STRINGS.find((v) => ok(s, v));
    case 'number':
      return NUMBERS.find((v) => ok(s, v));
    default:
      return undefined;
  }
}

/** The fields of a body the cases aim at: ids, other integers, free text, dates and amounts. */
function leaves(s: z.ZodType, path: (string | number)[] = [], depth = 0): Leaf[] {
  if (depth > 8) return [];
  const kind = kindOf(s);
  if (kind) return [{ path, kind }];
  const d = defOf(s);
  if (WRAPPERS.has(d.type) && d.innerType) return leaves(d.innerType, path, depth + 1);
  switch (d.type) {
    case 'object':
      return Object.entries(d.shape ?? {}).flatMap(([k, f]) => leaves(f, [...path, k], depth + 1));
    case 'array':
      return d.element ? leaves(d.element, [...path, 0], depth + 1) : [];
    case 'pipe':
      return d.in ? leaves(d.in, path, depth + 1) : [];
    case 'union':
      return d.options?.[0] ? leaves(d.options[0], path, depth + 1) : [];
    case 'string':
      return [
        { path, kind: 'string', maxLength: d.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum },
      ];
    case 'number':
      return d.checks?.some((c) => c._zod.def.format === 'safeint' || c._zod.def.check === 'number_format')
        ? [{ path, kind: 'int' }]
        : [];
    default:
      return [];
  }
}

const LONG = 'x'.repeat(20_001);
const CASES: Record<Kind, unknown[]> = {
  id: [2_147_483_648, -1, 'abc'],
  int: [2_147_483_648],
  string: ['a\u0000b', LONG],
  date: ['2023-02-30', '2023-13-01', '0000-01-01', '0099-01-01'],
  money: ['99999999999999999.99', '1.234'],
};

function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      at[key] = value;
      break;
    }
    if (at[key] === undefined || at[key] === null) at[key] = typeof path[i + 1] === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  }
  return copy;
}

/** Calls that would end the signed-in session or the server's state for the calls after them. */
const SKIPPED = /\/(Logout|SignOut|ChangePassword|ResetPassword|RevokeToken|JWTLoginRefresh|auth\/Token)$/i;

interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}
interface Problem {
  code?: string;
  errors?: { field: string }[];
}
/** A 5xx, except the 503 of a sign-in route whose outside service the test configuration leaves off. */
function serverFailed(res: Answer): boolean {
  if (res.statusCode < 500) return false;
  return !(res.statusCode === 503 && /_not_configured$/.test((res.json() as Problem).code ?? ''));
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp();
  token = (await t.login('admin')).access_token;
});
afterAll(() => t?.close());

describe('bad input on every route with a body', () => {
  it('is answered 400 naming the field, or 404/409/422, never 500', { timeout: 240_000 }, async () => {
    const routes = declared.filter((r) => r.url.toLowerCase().startsWith('/api/') && !SKIPPED.test(r.url));
    expect(routes.length).toBeGreaterThan(240);
    const failures: string[] = [];
    let requests = 0;
    let validBases = 0;
    // A response cut off mid-stream (a 200 with a truncated file) counts as a server failure.
    const call = (url: string, payload: unknown): Promise<Answer> =>
      t.call(url, payload, token).catch((err: Error) => ({ statusCode: 599, body: err.message, json: () => ({}) }));
    const send = async (url: string, payload: unknown): Promise<Answer> => {
      requests++;
      let res = await call(url, payload);
      if (res.statusCode === 401) {
        token = (await t.login('admin')).access_token;
        res = await call(url, payload);
      }
      return res;
    };
    for (const route of routes) {
      const schema = route.body as z.ZodType;
      const base: unknown = sample(schema) ?? {};
      const baseValid = ok(schema, base);
      if (baseValid) validBases++;
      for (const leaf of leaves(schema)) {
        const longest = leaf.maxLength !== undefined && leaf.maxLength <= 20_000 ? ['界'.repeat(leaf.maxLength)] : [];
        for (const value of [...CASES[leaf.kind], ...longest]) {
          const res = await send(route.url, withValue(base, leaf.path, value));
          const field = leaf.path.join('.');
          const what = `${route.url} ${field}=${JSON.stringify(value).slice(0, 40)}`;
          if (serverFailed(res)) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          // The database's safety net answered: the schema let through what the column cannot hold.
          else if (res.statusCode === 400 && (res.json() as Problem).code === 'request.invalid_value')
            failures.push(`${what} → reached the database`);
          else if (
            res.statusCode === 200 &&
            leaf.kind !== 'id' &&
            leaf.kind !== 'int' &&
            !longest.includes(value as string)
          )
            failures.push(`${what} → 200 (accepted)`);
          else if (
            baseValid &&
            !longest.includes(value as string) &&
            res.statusCode === 400 &&
            (res.json() as Problem).code === 'validation.failed'
          ) {
            const named = (res.json() as Problem).errors?.map((e) => e.field) ?? [];
            if (!named.some((n) => n === field || field.startsWith(`${n}.`) || n.startsWith(field)))
              failures.push(`${what} → 400 naming ${named.join(',')}`);
          }
        }
      }
      // An id that does not exist, in an otherwise valid body.
      const ids = leaves(schema).filter((l) => l.kind === 'id');
      if (baseValid && ids.length > 0) {
        let body: unknown = base;
        for (const leaf of ids) body = withValue(body, leaf.path, 2_147_483_647);
        const res = await send(route.url, body);
        if (serverFailed(res)) failures.push(`${route.url} missing ids → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    console.info(`bad input: ${routes.length} routes, ${validBases} with a valid base body, ${requests} requests`);
    if (failures.length > 0) console.info(`bad input failures:\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
  });
});

describe('bad input once answered 500', () => {
  it('refuses amounts whose sum or CNY value overflows numeric(18,2), naming the field', async () => {
    const m = await documentMasters(t.ctx.db);
    const employee = (await t.login('employee')).access_token;
    const today = shanghaiToday();
    const line = { ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '9999999999999999.99' };
    const body = { ExpenseTypeID: m.type.id, CostCenterID: m.own.id, Reason: 'x', Lines: [line, line, line] };
    const res = await t.call('/api/document/SaveDeputyDetail', body, employee);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(
      expect.objectContaining({ field: 'Lines', code: 'document.total_too_large' }),
    );

    await m.rate('USD', Number(today.slice(0, 4)), Number(today.slice(5, 7)), '7.1');
    const usd = { ...body, Currency: 'USD', Lines: [{ ...line, Currency: 'USD' }] };
    const converted = await t.call('/api/document/SaveDeputyDetail', usd, employee);
    expect(converted.statusCode).toBe(400);
    expect(converted.json().errors).toContainEqual(
      expect.objectContaining({ field: 'Lines.0.Amount', code: 'document.amount_too_large' }),
    );
  });

  it('answers an impossible date filter of the view-centre export with 400 before the file starts', async () => {
    for (const DateFrom of ['2023-02-30', '2023-13-01', '0000-01-01']) {
      const res = await t.call('/api/DocumentViewCenter/DownloadList', { List: 'personal', DateFrom }, token);
      expect(res.statusCode, DateFrom).toBe(400);
      expect(String(res.headers['content-type'])).toContain('application/problem+json');
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['DateFrom']);
    }
  });
});
