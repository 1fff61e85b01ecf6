import type {
  Culture,
  EvmRelationRow,
  SaveEvmRelationBody,
  SearchEvmRelationBody,
  UpdateEvmRelationBody,
} from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { isUniqueViolation, staleVersion } from '../../../core/checks';
import type { Db } from '../../../core/db';
import { AppError, fieldError, notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { audit, auditEntry } from '../../audit/audit.service';
import type { OutboundHandler } from '../../outbound/outbound.service';
import { enqueue } from '../../outbound/outbound.service';
import * as teamRepo from '../teams/team.repository';
import { type EvmMessage, evmGateway } from './evm.gateway';
import * as repo from './evm.repository';

function toRow(r: repo.RelationRow, culture: Culture): EvmRelationRow {
  return {
    ID: r.r.id,
    TeamID: r.r.teamId,
    TeamCode: r.teamCode,
    TeamName: localName(culture, r.teamZh, r.teamEn),
    EvmCode: r.r.evmCode,
    EvmName: r.r.evmName,
    Remark: r.r.remark,
    Status: r.r.status,
    SendCount: r.r.sendCount,
    SentAt: r.r.sentAt?.toISOString() ?? null,
    LastError: r.r.lastError,
    Version: r.r.version,
  };
}

export async function search(db: Db, companyId: number, body: SearchEvmRelationBody, culture: Culture) {
  const { total, rows } = await repo.search(db, companyId, body);
  return { Total: total, Rows: rows.map((r) => toRow(r, culture)) };
}

/** One relation per team, and only for the company's active EVM teams. */
async function checkTeam(db: Db, companyId: number, teamId: number, relationId: number | null) {
  const t = await teamRepo.findTeam(db, teamId);
  if (!t || t.companyId !== companyId) throw fieldError('TeamID', 'org.team_not_found');
  if (!t.isEvm || !t.active) throw fieldError('TeamID', 'org.team_not_evm');
  const other = await repo.byTeam(db, teamId);
  if (other && other.id !== relationId) throw duplicateTeam();
}

const duplicateTeam = () =>
  new AppError(409, 'org.evm_team_duplicate', undefined, [{ field: 'TeamID', code: 'org.evm_team_duplicate' }]);

async function one(db: Db, companyId: number, id: number) {
  const [row] = await repo.load(db, companyId, [id]);
  if (!row) throw notFound();
  return row;
}

export async function create(db: Db, actor: Actor, body: SaveEvmRelationBody, culture: Culture) {
  try {
    const id = await db.transaction(async (tx) => {
      await checkTeam(tx, actor.companyId, body.TeamID, null);
      const row = await repo.insert(tx, {
        companyId: actor.companyId,
        teamId: body.TeamID,
        evmCode: body.EvmCode,
        evmName: body.EvmName,
        remark: body.Remark ?? null,
      });
      await audit(
        tx,
        auditEntry(actor, {
          action: 'create',
          entity: 'evm_team_relation',
          entityId: row.id,
          detail: { teamId: row.teamId, evmCode: row.evmCode },
        }),
      );
      return row.id;
    });
    return toRow(await one(db, actor.companyId, id), culture);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateTeam();
    throw err;
  }
}

/** A change to a relation the EVM system already has marks it changed: it waits to be sent again. */
export async function update(db: Db, actor: Actor, body: UpdateEvmRelationBody, culture: Culture) {
  try {
    await db.transaction(async (tx) => {
      const current = await one(tx, actor.companyId, body.ID);
      if (body.TeamID !== current.r.teamId) await checkTeam(tx, actor.companyId, body.TeamID, current.r.id);
      const row = await repo.update(tx, current.r.id, body.Version, {
        teamId: body.TeamID,
        evmCode: body.EvmCode,
        evmName: body.EvmName,
        remark: body.Remark ?? null,
        status: current.r.sendCount > 0 ? 'changed' : 'new',
      });
      if (!row) throw staleVersion();
      await audit(
        tx,
        auditEntry(actor, {
          action: 'update',
          entity: 'evm_team_relation',
          entityId: row.id,
          detail: { teamId: row.teamId, evmCode: row.evmCode, status: row.status },
        }),
      );
    });
    return toRow(await one(db, actor.companyId, body.ID), culture);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateTeam();
    throw err;
  }
}

function messageOf(r: repo.RelationRow, action: EvmMessage['action']): EvmMessage {
  return {
    action,
    companyCode: r.companyCode,
    teamCode: r.teamCode,
    teamName: r.teamZh,
    evmCode: r.r.evmCode,
    evmName: r.r.evmName,
    remark: r.r.remark,
  };
}

/** Writes one message to the EVM outbox and queues its job, in the caller's transaction. */
async function queueMessage(tx: Db, actor: Actor, r: repo.RelationRow, action: 'upsert' | 'delete') {
  const outbox = await repo.addOutbox(tx, {
    companyId: actor.companyId,
    relationId: r.r.id,
    action,
    payload: messageOf(r, action),
    attempt: r.r.sendCount + 1,
    actorId: actor.userId,
  });
  await enqueue(tx, 'evm', { outboxId: outbox.id }, actor.companyId);
  return outbox;
}

/**
 * Sends relations to the EVM system. Each message is written to the EVM outbox with its job in one transaction
 * with the relation's new state, and the call happens later in the EVM job, outside any transaction: a failure
 * (or a crash) never loses the message, and it is retried with back-off.
 */
async function deliver(db: Db, actor: Actor, rows: repo.RelationRow[], resend: boolean) {
  return db.transaction(async (tx) => {
    const results = [];
    for (const r of rows) {
      const outbox = await queueMessage(tx, actor, r, 'upsert');
      await repo.update(tx, r.r.id, null, { status: 'queued', sendCount: r.r.sendCount + 1, lastError: null });
      await audit(
        tx,
        auditEntry(actor, {
          action: resend ? 'resend' : 'send',
          entity: 'evm_team_relation',
          entityId: r.r.id,
          detail: { outboxId: outbox.id, status: 'queued' },
        }),
      );
      results.push({ ID: r.r.id, Status: 'queued' as const, Reference: null, Error: null });
    }
    return { Rows: results };
  });
}

/**
 * The EVM job: one message to the gateway. The relation shows the outcome; while retries remain it stays queued
 * (or deleting) with the last error, and only after the last one is it failed. A withdrawn relation is deleted.
 */
export function evmJob(db: Db): OutboundHandler {
  return async (payload, { last, requestId }) => {
    const { outboxId } = payload as { outboxId: number };
    const outbox = await repo.outboxById(db, outboxId);
    if (!outbox || outbox.status === 'sent') return;
    const gateway = evmGateway();
    const reply = await gateway
      .send(outbox.payload as EvmMessage, outbox.id)
      .catch((err: unknown) => ({ ok: false as const, error: String((err as Error)?.message ?? err) }));
    const waiting = outbox.action === 'delete' ? ('deleting' as const) : ('queued' as const);
    if (reply.ok && outbox.action === 'delete') {
      await db.transaction(async (tx) => {
        await repo.settleOutbox(tx, outbox.id, { status: 'sent', reference: reply.reference, error: null });
        if (!(await repo.removeIfLatest(tx, outbox.relationId, outbox.id))) return;
        await audit(tx, {
          companyId: outbox.companyId,
          actorId: outbox.actorId,
          action: 'delete',
          entity: 'evm_team_relation',
          entityId: outbox.relationId,
          detail: { outboxId: outbox.id, withdrawn: true, reference: reply.reference },
          requestId,
        });
      });
      return;
    }
    if (reply.ok) {
      await db.transaction(async (tx) => {
        await repo.settleOutbox(tx, outbox.id, { status: 'sent', reference: reply.reference, error: null });
        await repo.settleRelation(tx, outbox.relationId, outbox.id, {
          status: 'sent',
          lastError: null,
          sentAt: new Date(),
        });
      });
      return;
    }
    const error = reply.error.slice(0, 500);
    await db.transaction(async (tx) => {
      await repo.settleOutbox(tx, outbox.id, { status: last ? 'failed' : 'pending', reference: null, error });
      await repo.settleRelation(tx, outbox.relationId, outbox.id, {
        status: last ? 'failed' : waiting,
        lastError: error,
      });
    });
    throw new Error(`EVM ${gateway.name}: ${error}`);
  };
}

async function many(db: Db, companyId: number, ids: number[]) {
  const rows = await repo.load(db, companyId, [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

/** Sends relations the EVM system does not have yet, or whose change it has not seen. */
export async function send(db: Db, actor: Actor, ids: number[]) {
  const rows = await many(db, actor.companyId, ids);
  const sent = rows.find((r) => r.r.status === 'sent');
  if (sent) throw refused('org.evm_already_sent', { team: sent.teamCode });
  const queued = rows.find((r) => r.r.status === 'queued' || r.r.status === 'deleting');
  if (queued) throw refused('org.evm_queued', { team: queued.teamCode });
  return deliver(db, actor, rows, false);
}

/** Sends again relations that were sent before, whether the last attempt failed or went through. */
export async function resend(db: Db, actor: Actor, ids: number[]) {
  const rows = await many(db, actor.companyId, ids);
  const never = rows.find((r) => r.r.sendCount === 0);
  if (never) throw refused('org.evm_not_sent_yet', { team: never.teamCode });
  const queued = rows.find((r) => r.r.status === 'queued' || r.r.status === 'deleting');
  if (queued) throw refused('org.evm_queued', { team: queued.teamCode });
  return deliver(db, actor, rows, true);
}

/** A relation the EVM system knows is withdrawn there first; if that fails, it stays. */
export async function remove(db: Db, actor: Actor, ids: number[]) {
  const rows = await many(db, actor.companyId, ids);
  const busy = rows.find((r) => r.r.status === 'queued' || r.r.status === 'deleting');
  if (busy) throw refused('org.evm_queued', { team: busy.teamCode });
  await db.transaction(async (tx) => {
    for (const r of rows) {
      if (r.r.sendCount === 0) {
        await repo.remove(tx, r.r.id);
        await audit(
          tx,
          auditEntry(actor, {
            action: 'delete',
            entity: 'evm_team_relation',
            entityId: r.r.id,
            detail: { teamId: r.r.teamId, evmCode: r.r.evmCode, withdrawn: false },
          }),
        );
        continue;
      }
      // The EVM system has it: the EVM job withdraws it there first, and deletes it here once that went through.
      const outbox = await queueMessage(tx, actor, r, 'delete');
      await repo.update(tx, r.r.id, null, { status: 'deleting', lastError: null });
      await audit(
        tx,
        auditEntry(actor, {
          action: 'withdraw',
          entity: 'evm_team_relation',
          entityId: r.r.id,
          detail: { outboxId: outbox.id, status: 'deleting' },
        }),
      );
    }
  });
}
