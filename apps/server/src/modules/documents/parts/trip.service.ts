import type { DeleteTripBody, SaveTripBody, TripList } from '@ems/contracts';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { fieldError, notFound } from '../../../core/errors';
import type { DocumentRow } from '../document.repository';
import { type Caller, editPart, readable } from './part';
import * as repo from './parts.repository';

export async function search(ctx: DbContext, c: Caller, documentId: number): Promise<TripList> {
  return tripsOf(ctx.db, await readable(ctx.db, c, documentId));
}

/** The part as a document the caller may see holds it (its screen, its preview). */
export async function tripsOf(db: Db, d: DocumentRow): Promise<TripList> {
  const rows = await repo.tripsOf(db, d.id);
  return {
    Version: d.version,
    Rows: rows.map((t, i) => ({
      ID: t.id,
      Seq: i + 1,
      FromCity: t.fromCity,
      ToCity: t.toCity,
      DepartDate: t.departDate,
      ArriveDate: t.arriveDate,
      Transport: t.transport,
      Remark: t.remark,
    })),
  };
}

/** Adds a segment of the itinerary, or changes one of this document's. */
export async function save(ctx: DbContext, c: Caller, body: SaveTripBody): Promise<TripList> {
  if (body.ArriveDate < body.DepartDate) throw fieldError('ArriveDate', 'trip.arrive_before_depart');
  const values = {
    fromCity: body.FromCity,
    toCity: body.ToCity,
    departDate: body.DepartDate,
    arriveDate: body.ArriveDate,
    transport: body.Transport,
    remark: body.Remark || null,
  };
  await editPart(ctx, c, body, body.ID ? 'update_trip' : 'add_trip', async (tx, d) => {
    if (body.ID) {
      if (!(await repo.updateTrip(tx, d.id, body.ID, values))) throw notFound();
      return { tripId: body.ID, from: body.FromCity, to: body.ToCity };
    }
    const id = await repo.insertTrip(tx, d.id, values);
    return { tripId: id, from: body.FromCity, to: body.ToCity };
  });
  return search(ctx, c, body.DocumentID);
}

export async function remove(ctx: DbContext, c: Caller, body: DeleteTripBody): Promise<TripList> {
  await editPart(ctx, c, body, 'delete_trip', async (tx, d) => {
    if (!(await repo.deleteTrip(tx, d.id, body.ID))) throw notFound();
    return { tripId: body.ID };
  });
  return search(ctx, c, body.DocumentID);
}
