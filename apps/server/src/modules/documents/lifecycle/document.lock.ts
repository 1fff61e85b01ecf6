/**
 * The one row lock of a document, which every change of a document takes first in its transaction: the lifecycle's
 * transitions, and the changes beside them that must not interleave with one (a fapiao or file added while the
 * document is editable, a loan's balance moved, a claim's vouchers queued, a deputy giving back its apply's budget).
 * The lock reads the whole row, as the transition checks it; a caller that wants one company's document or one type
 * checks that on the row it gets. Other modules take it here, not from the lifecycle's repository.
 */
export { type LockedDocument, lockDocument, lockDocuments } from './lifecycle.repository';
