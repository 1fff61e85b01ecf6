import { z } from 'zod';
import { DateOnly, Id, Money } from './common';
import { PageQuery, pageOf } from './paging';

/**
 * Air tickets booked through the travel-management company (TMC, spec §3 technical parameters `TMCCompany`,
 * `TMCExpenseType`, `TMCMeetingExpenseType`, `IsOpen`). `GetTMCToken` hands the employee over to the TMC's booking
 * site with a short-lived signed token; the tickets booked there come back through the TMC adapter and are offered
 * as lines of the employee's deputies, paid by the company's TMC account, never to the employee (docs/decisions/038).
 */
export const TMCTokenBody = z.object({
  /** The approved apply the trip belongs to, if any. */
  ApplyID: Id.optional(),
  /** A meeting order: its tickets take `TMCMeetingExpenseType` instead of `TMCExpenseType`. */
  Meeting: z.boolean().optional(),
});
export type TMCTokenBody = z.infer<typeof TMCTokenBody>;

export const TMCToken = z.object({
  Token: z.string(),
  /** The booking site with the token: the TMC's own, or this server's simulated booking page. */
  Url: z.string(),
  ExpiresAt: z.string(),
  TMCCompany: z.string(),
  Simulated: z.boolean(),
});
export type TMCToken = z.infer<typeof TMCToken>;

/** What the TMC sends back for one booked ticket (the simulator's booking form, or the real TMC's order feed). */
export const TMCOrder = z.object({
  OrderNo: z.string().trim().min(1).max(40),
  TicketNo: z.string().trim().min(1).max(30),
  /** The passenger's employee code at the company. */
  EmployeeCode: z.string().trim().min(1).max(40),
  CompanyCode: z.string().trim().min(1).max(20),
  Flight: z.string().trim().min(1).max(20),
  FromCity: z.string().trim().min(1).max(100),
  ToCity: z.string().trim().min(1).max(100),
  FlightDate: DateOnly,
  Fare: Money,
  /** Airport tax and fuel surcharge. */
  Tax: Money,
  ApplyNo: z.string().trim().max(30).nullish(),
  Meeting: z.boolean().optional(),
});
export type TMCOrder = z.infer<typeof TMCOrder>;

/** The simulated booking page's form: the token it was opened with and the flight chosen. */
export const TMCBookBody = z.object({
  Token: z.string().trim().min(1).max(4000),
  Flight: z.string().trim().min(1).max(20),
  FromCity: z.string().trim().min(1).max(100),
  ToCity: z.string().trim().min(1).max(100),
  FlightDate: DateOnly,
  Fare: Money,
  Tax: Money,
  /** Repeating a booking with the same order number books nothing new. */
  OrderNo: z.string().trim().min(1).max(40).optional(),
});
export type TMCBookBody = z.infer<typeof TMCBookBody>;

export const TMC_TICKET_STATES = ['open', 'claimed'] as const;
export type TMCTicketState = (typeof TMC_TICKET_STATES)[number];

export const TMCTicket = z.object({
  ID: Id,
  TicketNo: z.string(),
  OrderNo: z.string(),
  PassengerID: Id,
  PassengerCode: z.string(),
  PassengerName: z.string(),
  Flight: z.string(),
  FromCity: z.string(),
  ToCity: z.string(),
  FlightDate: z.string(),
  Fare: z.string(),
  Tax: z.string(),
  Amount: z.string(),
  ApplyID: Id.nullable(),
  ApplyNo: z.string().nullable(),
  Meeting: z.boolean(),
  ExpenseTypeID: Id.nullable(),
  ExpenseTypeName: z.string().nullable(),
  ExpenseItemID: Id.nullable(),
  ExpenseItemName: z.string().nullable(),
  /** Always the company's TMC account: a ticket is never paid to the employee. */
  PaidBy: z.literal('company_tmc'),
  State: z.enum(TMC_TICKET_STATES),
  /** The deputy that claims it, while one does. */
  DocumentID: Id.nullable(),
  DocNo: z.string().nullable(),
  BookedAt: z.string(),
});
export type TMCTicket = z.infer<typeof TMCTicket>;

export const TMCBooked = z.object({ Ticket: TMCTicket, Created: z.boolean() });
export type TMCBooked = z.infer<typeof TMCBooked>;

/** The employee's own tickets (or those of whom they fill in for), newest flight first. */
export const SearchTMCTicketBody = PageQuery.extend({
  State: z.enum(TMC_TICKET_STATES).optional(),
  /** Only tickets a deputy of this expense type may claim. */
  ExpenseTypeID: Id.optional(),
  ApplicantID: Id.optional(),
  Keyword: z.string().trim().max(100).optional(),
});
export type SearchTMCTicketBody = z.infer<typeof SearchTMCTicketBody>;
export const TMCTicketPage = pageOf(TMCTicket);
export type TMCTicketPage = z.infer<typeof TMCTicketPage>;
