import { conflict, notFound } from '../../core/errors';

/**
 * The items a user selected, as their rows were locked, each checked against what the user saw: the spend owner's
 * (else 404, as if it did not exist) at the version the user read (else 409). Rows come back in the selection's order.
 */
export function checkedSelection<V>(
  items: readonly { ID: number; Version: number }[],
  locked: readonly V[],
  row: (v: V) => { id: number; employeeId: number; version: number },
  owner: number,
): V[] {
  const byId = new Map(locked.map((v) => [row(v).id, v]));
  return items.map((i) => {
    const v = byId.get(i.ID);
    if (!v || row(v).employeeId !== owner) throw notFound();
    if (row(v).version !== i.Version) throw conflict();
    return v;
  });
}
