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
import { audit } from '../../audit/audit.service';
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
      await audit(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        action: 'create',
        entity: 'evm_team_relation',
        entityId: row.id,
        detail: { teamId: row.teamId, evmCode: row.evmCode },
        requestId: actor.requestId,
      });
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
      await audit(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        action: 'update',
        entity: 'evm_team_relation',
        entityId: row.id,
        detail: { teamId: row.teamId, evmCode: row.evmCode, status: row.status },
        requestId: actor.requestId,
      });
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

/**
 * Sends relations to the EVM system. The message is written to the outbox and committed first, so a failure
 * of the call (or of this process) never loses what was meant to go out; the reply then settles the relation.
 */
async function deliver(db: Db, actor: Actor, rows: repo.RelationRow[], resend: boolean) {
  const pending = await db.transaction(async (tx) => {
    const out = [];
    for (const r of rows) {
      const outbox = await repo.addOutbox(tx, {
        companyId: actor.companyId,
        relationId: r.r.id,
        action: 'upsert',
        payload: messageOf(r, 'upsert'),
        attempt: r.r.sendCount + 1,
        actorId: actor.userId,
      });
      out.push({ r, outbox });
    }
    return out;
  });
  const gateway = evmGateway();
  const results = [];
  for (const { r, outbox } of pending) {
    const reply = await gateway
      .send(outbox.payload as EvmMessage, outbox.id)
      .catch((err: unknown) => ({ ok: false as const, error: String((err as Error)?.message ?? err) }));
    const status = reply.ok ? ('sent' as const) : ('failed' as const);
    const reference = reply.ok ? reply.reference : null;
    const error = reply.ok ? null : reply.error.slice(0, 500);
    await db.transaction(async (tx) => {
      await repo.settleOutbox(tx, outbox.id, { status, reference, error });
      await repo.update(tx, r.r.id, null, {
        status,
        sendCount: r.r.sendCount + 1,
        lastError: error,
        ...(reply.ok ? { sentAt: new Date() } : {}),
      });
      await audit(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        action: resend ? 'resend' : 'send',
        entity: 'evm_team_relation',
        entityId: r.r.id,
        detail: { outboxId: outbox.id, gateway: gateway.name, status, reference, error },
        requestId: actor.requestId,
      });
    });
    results.push({ ID: r.r.id, Status: status, Reference: reference, Error: error });
  }
  return { Rows: results };
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
  return deliver(db, actor, rows, false);
}

/** Sends again relations that were sent before, whether the last attempt failed or went through. */
export async function resend(db: Db, actor: Actor, ids: number[]) {
  const rows = await many(db, actor.companyId, ids);
  const never = rows.find((r) => r.r.sendCount === 0);
  if (never) throw refused('org.evm_not_sent_yet', { team: never.teamCode });
  return deliver(db, actor, rows, true);
}

/** A relation the EVM system knows is withdrawn there first; if that fails, it stays. */
export async function remove(db: Db, actor: Actor, ids: number[]) {
  const rows = await many(db, actor.companyId, ids);
  const gateway = evmGateway();
  for (const r of rows) {
    if (r.r.sendCount > 0) {
      const outbox = await repo.addOutbox(db, {
        companyId: actor.companyId,
        relationId: r.r.id,
        action: 'delete',
        payload: messageOf(r, 'delete'),
        attempt: r.r.sendCount + 1,
        actorId: actor.userId,
      });
      const reply = await gateway
        .send(outbox.payload as EvmMessage, outbox.id)
        .catch((err: unknown) => ({ ok: false as const, error: String((err as Error)?.message ?? err) }));
      await repo.settleOutbox(db, outbox.id, {
        status: reply.ok ? 'sent' : 'failed',
        reference: reply.ok ? reply.reference : null,
        error: reply.ok ? null : reply.error.slice(0, 500),
      });
      if (!reply.ok) throw refused('org.evm_withdraw_failed', { team: r.teamCode });
    }
    await db.transaction(async (tx) => {
      await repo.remove(tx, r.r.id);
      await audit(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        action: 'delete',
        entity: 'evm_team_relation',
        entityId: r.r.id,
        detail: { teamId: r.r.teamId, evmCode: r.r.evmCode, withdrawn: r.r.sendCount > 0 },
        requestId: actor.requestId,
      });
    });
  }
}
