import { z } from 'zod';
import { IdList } from './common';
import { PageQuery, pageOf } from './paging';

/** The caller's own notices (approval requests, returns, payments, reminders, freezes) as in-app messages. */
export const SearchInboxBody = PageQuery.pick({ PageIndex: true, PageSize: true }).extend({
  /** Only the messages not yet read. */
  UnreadOnly: z.boolean().optional(),
});
export type SearchInboxBody = z.infer<typeof SearchInboxBody>;

/** One message, in the caller's language: what its mail says, without the greeting. */
export const InboxRow = z.object({
  ID: z.number().int(),
  Subject: z.string(),
  /** The lines under the subject (a payment's deductions, a digest's documents), each with the page it opens. */
  Lines: z.array(z.object({ Text: z.string(), Link: z.string().nullable() })),
  /** The money the message is about; null when it is about none. */
  Amount: z.string().nullable(),
  Currency: z.string().nullable(),
  /** The page it opens (`/manage/…`): its document, or a list. */
  Link: z.string().nullable(),
  CreatedAt: z.string(),
  Read: z.boolean(),
});
export type InboxRow = z.infer<typeof InboxRow>;
export const InboxPage = pageOf(InboxRow);
export type InboxPage = z.infer<typeof InboxPage>;

/** How many of the caller's messages are unread: the header's count. */
export const InboxCount = z.object({ Unread: z.number().int() });
export type InboxCount = z.infer<typeof InboxCount>;

/** Messages of the caller's to mark read; marking one read again changes nothing. */
export const MarkInboxReadBody = z.object({ IDs: IdList });
export type MarkInboxReadBody = z.infer<typeof MarkInboxReadBody>;
