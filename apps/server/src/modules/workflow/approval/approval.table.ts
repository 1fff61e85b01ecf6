import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../core/columns';
import { documentColumn } from '../../documents/document.table';
import { employee } from '../../org/org.table';
import { STEP_KINDS } from '../workflow.table';

export const STEP_STATUSES = ['waiting', 'pending', 'approved', 'auto_approved', 'rejected', 'skipped'] as const;

/** The route resolved at submit: a snapshot that later master-data changes do not move. */
export const approvalStep = pgTable(
  'approval_step',
  {
    ...idColumn(),
    ...documentColumn(),
    round: integer('round').notNull(),
    seq: integer('seq').notNull(),
    stepKind: varchar('step_kind', { length: 30, enum: STEP_KINDS }).notNull(),
    approverId: integer('approver_id')
      .notNull()
      .references(() => employee.id),
    /** Set when the step was reassigned (ChangeApprove, ChangeApprovers). */
    originalApproverId: integer('original_approver_id').references(() => employee.id),
    status: varchar('status', { length: 20, enum: STEP_STATUSES }).notNull().default('waiting'),
    /** Who acted (an approval proxy acting for the approver is recorded here). */
    actedBy: integer('acted_by').references(() => employee.id),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    comment: text('comment'),
    /** Why this person: the rule that chose them, as a language key with parameters. */
    reasonKey: varchar('reason_key', { length: 100 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    /**
     * The document's `created_at`, which never changes: a person's steps in the view centres' order (newest
     * document first) are read from `approval_step_route_idx` and `approval_step_acted_route_idx` without reading
     * the documents they are on.
     */
    documentCreatedAt: timestamp('document_created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('approval_step_uq').on(t.documentId, t.round, t.seq),
    // The approve centre (my pending steps) and the view centres (documents on my route) read the document ids from
    // the index alone; a busy approver has tens of thousands of steps a year, scattered over the table.
    index('approval_step_pending_idx').on(t.approverId, t.status, t.documentId),
    index('approval_step_acted_by_idx').on(t.actedBy, t.actedAt, t.documentId),
    // A person's documents newest first (read backward), as approver or as whoever acted (the view centres).
    index('approval_step_route_idx').on(t.approverId, t.documentCreatedAt, t.documentId),
    index('approval_step_acted_route_idx')
      .on(t.actedBy, t.documentCreatedAt, t.documentId)
      .where(sql`${t.actedBy} is not null`),
    // The approve centre's first page in its default order (longest waiting first): read in order, no sort of
    // thousands of pending steps.
    index('approval_step_waiting_idx')
      .on(t.approverId, t.pendingSince, t.documentId.desc())
      .where(sql`${t.status} = 'pending'`),
    // Steps decided in the approver's place (by a proxy, or automatically), newest first: the approver's history.
    index('approval_step_delegated_idx')
      .on(t.approverId, t.actedAt)
      .where(sql`${t.actedBy} is distinct from ${t.approverId}`),
    // The approve-amount report: decisions of a period, newest first.
    index('approval_step_acted_at_idx').on(t.actedAt, t.id).where(sql`${t.actedAt} is not null`),
  ],
);
