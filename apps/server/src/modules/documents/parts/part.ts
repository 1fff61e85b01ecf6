import type { FastifyRequest } from 'fastify';
import { type Actor, actorOf } from '../../../core/actor';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { currentUser, type SessionUser } from '../../../core/http';
import { visible } from '../document.service';
import { entitled } from '../lifecycle/document.policy';
import { type LockedDocument, transition } from '../lifecycle/transition';

/** Who changes a document's part: the actor, and the session the document's policy and scope read. */
export interface Caller extends Actor {
  user: SessionUser;
}

export function callerOf(req: FastifyRequest): Caller {
  return { ...actorOf(req), user: currentUser(req) };
}

/** The document a part is read from, when the caller may open it; anything else is "not found". */
export async function readable(db: Db, c: Caller, documentId: number) {
  return (await visible(db, c.user, documentId)).d;
}

/**
 * Changes one part of a document as a draft edit: under the document's row lock, at the version the caller saw,
 * only while the lifecycle lets it be edited (draft, returned) and the caller may edit it; the document's version
 * moves on and one audit row (`action`, with what `work` answers as its detail) says what changed.
 */
export async function editPart(
  ctx: DbContext,
  c: Caller,
  ref: { DocumentID: number; Version: number },
  action: string,
  work: (tx: Db, d: LockedDocument) => Promise<Record<string, unknown>>,
): Promise<void> {
  await transition(
    ctx,
    c.user,
    {
      id: ref.DocumentID,
      version: ref.Version,
      action: 'edit',
      call: action,
      requestId: c.requestId,
      reach: async (_tx, d) => entitled(c.user, d, 'edit'),
    },
    async (tx, d) => ({ to: d.status, auditAction: action, detail: await work(tx, d) }),
  );
}
