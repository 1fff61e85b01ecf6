import type { ExpenseTypeDetailInfo } from '@ems/contracts';
import { describe, expect, it } from 'vitest';
import { shownParts } from './shownParts';

const item = (ID: number, Category: string, InvolvesHcp = false): ExpenseTypeDetailInfo['Items'][number] => ({
  ID,
  Code: `I${ID}`,
  Name: `item ${ID}`,
  MaxAmount: null,
  Category,
  InvolvesHcp,
  SubItems: [],
});
const ITEMS = [item(1, 'travel'), item(2, 'travel'), item(3, 'hcp_meal', true), item(4, 'lecture_fee', true)];

describe('the parts a form shows', () => {
  it('shows a taxi and hotel claim without any part, offering each to add', () => {
    const r = shownParts({
      docType: 'deputy',
      withRows: [],
      lines: [{ ExpenseItemID: 1 }, { ExpenseItemID: 2 }],
      items: ITEMS,
      added: [],
    });
    expect([...r.shown]).toEqual([]);
    expect(r.more).toEqual([
      'tmc',
      'attendees',
      'clinical',
      'lecturers',
      'apportion',
      'trips',
      'pay',
      'orders',
      'airTickets',
    ]);
  });

  it("shows what a line's item calls for as it is chosen, what holds rows and what the filler added", () => {
    const r = shownParts({
      docType: 'deputy',
      withRows: ['apportion'],
      lines: [{ ExpenseItemID: 4 }, undefined, { ExpenseItemID: 1, TMCTicketID: 9 }],
      items: ITEMS,
      added: ['trips'],
    });
    expect([...r.shown]).toEqual(['tmc', 'attendees', 'lecturers', 'apportion', 'trips']);
    expect(r.more).toEqual(['clinical', 'pay', 'orders', 'airTickets']);
  });

  it("keeps to the document's own parts: a loan has no attendees", () => {
    const r = shownParts({ docType: 'loan', withRows: [], lines: [{ ExpenseItemID: 3 }], items: ITEMS, added: [] });
    expect([...r.shown]).toEqual([]);
    expect(r.more).toEqual(['apportion', 'trips', 'pay']);
  });
});
