import { type ImportResult, isDateOnly, isMoney, money } from '@ems/contracts';
import { z } from 'zod';
import type { Actor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { type ImportColumn, parseRows, RowErrors, readSheet } from '../../../core/import';
import type { ScheduledJob } from '../../../core/jobs';
import { audit, auditEntry } from '../../audit/audit.service';
import * as repo from './business.repository';

/**
 * The card issuer's transactions (DESIGN §13): by default its monthly statement, imported as Excel by those who
 * receive it (`ImportBusinessCardStatement`); with `CARD_ISSUER_URL` set, its feed is polled as well. Both go through
 * `matchTransactions`: each transaction is matched to its cardholder through the card registry.
 */
export interface IssuerTransaction {
  CardNo: string;
  /** The issuer's own reference: a transaction seen twice is kept once. */
  IssuerRef: string;
  TransDate: string;
  Merchant: string;
  Amount: string;
}

/** The issuer's feed: the transactions of the company's cards since a day. */
export interface CardIssuerFeed {
  readonly name: string;
  transactions(companyCode: string, since: string): Promise<IssuerTransaction[]>;
}

const IssuerAnswer = z.object({
  Rows: z.array(
    z.object({
      CardNo: z.string().min(1).max(32),
      IssuerRef: z.string().min(1).max(64),
      TransDate: z.string().refine(isDateOnly),
      Merchant: z.string().max(200),
      Amount: z.string().refine((v) => isMoney(v) && Number(v) > 0),
    }),
  ),
});

/** The issuer's HTTP feed: `POST <url>` with `{ CompanyCode, Since }` answers `{ Rows: [IssuerTransaction] }`. */
export function httpCardIssuer(url: string, timeoutMs = 30_000): CardIssuerFeed {
  return {
    name: 'http',
    async transactions(companyCode, since) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ CompanyCode: companyCode, Since: since }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`card issuer answered HTTP ${res.status}`);
      return IssuerAnswer.parse(await res.json()).Rows;
    },
  };
}

/** What matching a batch found: the transactions to add, and those whose card nobody holds. */
async function matchTransactions(db: Db, companyId: number, rows: IssuerTransaction[]) {
  const cards = await repo.cardsByNumber(db, companyId);
  const matched: typeof import('./business.table').cardTransaction.$inferInsert[] = [];
  const unmatched: IssuerTransaction[] = [];
  for (const r of rows) {
    const card = cards.get(r.CardNo.replace(/\s+/g, ''));
    if (!card) {
      unmatched.push(r);
      continue;
    }
    matched.push({
      companyId,
      cardId: card.id,
      employeeId: card.employeeId,
      issuerRef: r.IssuerRef,
      transDate: r.TransDate,
      merchant: r.Merchant,
      amount: money(r.Amount),
    });
  }
  return { matched, unmatched };
}

/** The one layout of the statement: headers in either language. */
export const STATEMENT_COLUMNS: ImportColumn[] = [
  { key: 'CardNo', headerKey: 'cards.column.cardNo', required: true },
  { key: 'IssuerRef', headerKey: 'cards.column.issuerRef', required: true },
  { key: 'TransDate', headerKey: 'cards.column.transDate', required: true },
  { key: 'Merchant', headerKey: 'cards.column.merchant', required: true },
  { key: 'Amount', headerKey: 'cards.column.amount', required: true },
];

const blank = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === '' ? undefined : v), s);
const StatementRow = z.object({
  CardNo: blank(z.string().trim().min(1).max(32)),
  IssuerRef: blank(z.string().trim().min(1).max(64)),
  TransDate: blank(z.string().trim().refine(isDateOnly, { message: 'invalid date' })),
  Merchant: blank(z.string().trim().min(1).max(200)),
  Amount: blank(
    z
      .string()
      .trim()
      .transform((v) => v.replace(/,/g, ''))
      .refine((v) => isMoney(v) && Number(v) > 0, { message: 'invalid amount' }),
  ),
});

/**
 * ImportBusinessCardStatement: the issuer's statement. A row whose card nobody holds, or any bad cell, refuses the
 * whole file with every such row named; a good file adds its new transactions in one transaction (a transaction
 * already imported is left as it is).
 */
export async function importStatement(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const sheet = await readSheet(data, STATEMENT_COLUMNS, ctx.messages);
  const errors = new RowErrors(STATEMENT_COLUMNS, ctx.messages, actor.culture);
  const good = parseRows(sheet, StatementRow, errors);
  const cards = await repo.cardsByNumber(ctx.db, actor.companyId);
  const seen = new Map<string, number>();
  for (const { row, value } of good) {
    if (!cards.has(value.CardNo.replace(/\s+/g, ''))) errors.add(row, 'CardNo', 'cards.card_unknown');
    const first = seen.get(value.IssuerRef);
    if (first !== undefined) errors.add(row, 'IssuerRef', 'cards.repeated_in_file', { row: first });
    else seen.set(value.IssuerRef, row);
  }
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    const { matched } = await matchTransactions(
      tx,
      actor.companyId,
      good.map((g) => g.value),
    );
    const created = await repo.insertTransactions(tx, matched);
    await audit(
      tx,
      auditEntry(actor, {
        action: 'import',
        entity: 'card_transaction',
        detail: { rows: good.length, created },
      }),
    );
    return { Imported: good.length, Created: created, Updated: 0 };
  });
}

/**
 * The hourly poll of the issuer's feed when `CARD_ISSUER_URL` is set: each company's transactions of the last 35 days;
 * new ones are added, those of unknown cards logged and left for the statement.
 */
export function cardIssuerJob(
  ctx: Pick<AppContext, 'db'>,
  feed: CardIssuerFeed,
  log: { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void },
): ScheduledJob {
  return {
    queue: 'card-issuer-poll',
    cron: '15 * * * *',
    run: async (requestId) => {
      const since = new Date(Date.now() - 35 * 86_400_000).toISOString().slice(0, 10);
      for (const c of await repo.companies(ctx.db)) {
        const rows = await feed.transactions(c.code, since);
        const created = await ctx.db.transaction(async (tx) => {
          const { matched, unmatched } = await matchTransactions(tx, c.id, rows);
          if (unmatched.length)
            log.warn({ company: c.code, cards: unmatched.length }, 'card transactions of unknown cards skipped');
          const n = await repo.insertTransactions(tx, matched);
          if (n)
            await audit(tx, {
              companyId: c.id,
              action: 'poll',
              entity: 'card_transaction',
              detail: { created: n },
              requestId,
            });
          return n;
        });
        log.info({ company: c.code, created }, 'card issuer polled');
      }
    },
  };
}
