import type { DocPart, DocType, ExpenseTypeDetailInfo } from '@ems/contracts';

/** The parts beyond the lines each kind of document has, in the form's order. */
const PARTS_OF: Record<DocType, readonly DocPart[]> = {
  apply: ['attendees', 'clinical', 'lecturers', 'apportion', 'trips'],
  loan: ['apportion', 'trips', 'pay'],
  deputy: ['tmc', 'attendees', 'clinical', 'lecturers', 'apportion', 'trips', 'pay', 'orders', 'airTickets'],
};

/** Where each part's title is in the language resources (the panel's title and the button that adds it). */
export const PART_TITLE: Record<DocPart, string> = {
  tmc: 'tmc.tickets.title',
  attendees: 'customer.attendees',
  clinical: 'customer.clinical',
  lecturers: 'lecturer.title',
  apportion: 'doc.section.apportion',
  trips: 'doc.section.trips',
  pay: 'doc.section.pay',
  orders: 'doc.section.purchaseOrders',
  airTickets: 'doc.section.airTickets',
};

type Line = { ExpenseItemID?: number | null; TMCTicketID?: number | null } | undefined;

/** The parts a line calls for: HCP attendees, a clinical trial's HCOs, a lecturer's agreement, its TMC ticket. */
function calledFor(line: Line, items: ExpenseTypeDetailInfo['Items']): DocPart[] {
  if (!line) return [];
  const item = items.find((i) => i.ID === line.ExpenseItemID);
  return [
    ...(line.TMCTicketID ? (['tmc'] as const) : []),
    ...(item?.InvolvesHcp ? (['attendees'] as const) : []),
    ...(item?.Category === 'clinical_trial' ? (['clinical'] as const) : []),
    ...(item?.Category === 'lecture_fee' ? (['lecturers'] as const) : []),
  ];
}

/**
 * Which parts a form shows (issue: only what the expense needs): those holding rows, those the lines' items call for
 * as they are chosen, and those the filler added; the rest are offered to add (`more`).
 */
export function shownParts(p: {
  docType: DocType;
  withRows: readonly DocPart[];
  lines: readonly Line[] | undefined;
  items: ExpenseTypeDetailInfo['Items'];
  added: readonly DocPart[];
}): { shown: ReadonlySet<DocPart>; more: DocPart[] } {
  const wanted = new Set<DocPart>([
    ...p.withRows,
    ...p.added,
    ...(p.lines ?? []).flatMap((l) => calledFor(l, p.items)),
  ]);
  const parts = PARTS_OF[p.docType];
  return { shown: new Set(parts.filter((x) => wanted.has(x))), more: parts.filter((x) => !wanted.has(x)) };
}
