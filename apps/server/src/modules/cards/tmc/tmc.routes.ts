import { type Culture, SearchTMCTicketBody, TMCBookBody, TMCTicketPage, TMCToken, TMCTokenBody } from '@ems/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { AppError } from '../../../core/errors';
import { currentUser, get, post } from '../../../core/http';
import { httpTmc, SIMULATOR_PATH, tmcGateway, useTmcGateway } from './tmc.gateway';
import * as tmc from './tmc.service';

const tags = ['tmc'];
/** The personal expense centre's function: whoever fills in their own documents books their own trips. */
const OWN = 'personalExpense';

/**
 * Air tickets through the travel-management company (docs/decisions/038): the hand-over to its booking site, the
 * employee's booked tickets, and, while no `TMC_URL` is configured, the simulated booking site itself.
 */
export async function tmcRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.tmc.url && tmcGateway().name === 'simulator') useTmcGateway(httpTmc(ctx.config.tmc.url));

  post(
    app,
    '/api/document/GetTMCToken',
    {
      permission: OWN,
      summary: 'The signed hand-over to the TMC booking site: a short-lived token and the site’s address',
      tags,
      body: TMCTokenBody,
      response: TMCToken,
    },
    async (req) => tmc.handOver(ctx, currentUser(req), req.body, { culture: req.culture, requestId: String(req.id) }),
  );
  post(
    app,
    '/api/document/SearchTMCTicket',
    {
      permission: OWN,
      summary: 'The user’s TMC air tickets, open (to claim on a deputy) or claimed',
      tags,
      body: SearchTMCTicketBody,
      response: TMCTicketPage,
    },
    async (req) => tmc.search(ctx.db, currentUser(req), req.body, req.culture),
  );

  // The simulated booking site: a page opened with the hand-over token and its booking form.
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(html);
  const fail = (reply: FastifyReply, culture: Culture, err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    return page(reply, err.status, shell(culture, t(culture, 'tmc.sim.title'), errorBox(ctx, culture, err)));
  };
  const t = (culture: Culture, key: string, params?: Record<string, string | number>) =>
    ctx.messages.t(key, culture, params);
  const shell = (culture: Culture, title: string, body: string) => `<!doctype html>
<html lang="${culture}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:24px auto;padding:0 16px;color:#222}
h1{font-size:20px}label{display:block;margin:10px 0 4px}input{width:100%;padding:6px;box-sizing:border-box}
button{margin-top:16px;padding:8px 20px;background:#1677ff;color:#fff;border:0;border-radius:4px;cursor:pointer}
.note{color:#666;font-size:13px}.err{color:#b00020}.ok{color:#237804}table{border-collapse:collapse}
td{padding:4px 12px 4px 0}</style></head><body>${body}</body></html>`;

  const Query = z.object({ token: z.string().trim().min(1).max(4000) });
  get(
    app,
    SIMULATOR_PATH,
    {
      permission: 'public',
      summary: 'The simulated TMC booking page opened with a hand-over token',
      tags,
      querystring: Query,
    },
    async (req, reply) => {
      const token = (req.query as z.infer<typeof Query>).token;
      let h: tmc.OpenedHandOver;
      try {
        h = await tmc.openHandOver(ctx, token);
      } catch (err) {
        return fail(reply, req.culture, err);
      }
      const c = h.cul;
      const field = (name: string, label: string, value = '', type = 'text') =>
        `<label for="${name}">${esc(t(c, label))}</label><input id="${name}" name="${name}" type="${type}" value="${esc(value)}" required data-testid="tmc-sim-${name}">`;
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const body = `<h1 data-testid="tmc-sim-title">${esc(t(c, 'tmc.sim.title'))}</h1>
<p class="note">${esc(t(c, 'tmc.sim.note'))}</p>
<table><tr><td>${esc(t(c, 'tmc.field.passenger'))}</td><td data-testid="tmc-sim-passenger">${esc(h.name)} (${esc(h.emp)})</td></tr>
<tr><td>${esc(t(c, 'tmc.field.company'))}</td><td>${esc(h.co)}</td></tr>
${h.applyNo ? `<tr><td>${esc(t(c, 'tmc.field.apply'))}</td><td>${esc(h.applyNo)}</td></tr>` : ''}</table>
<form method="post" action="${SIMULATOR_PATH}/book">
<input type="hidden" name="Token" value="${esc(token)}">
${field('Flight', 'tmc.field.flight', 'MU5101')}${field('FromCity', 'tmc.field.from', c === 'en-GB' ? 'Shanghai' : '上海')}
${field('ToCity', 'tmc.field.to', c === 'en-GB' ? 'Beijing' : '北京')}${field('FlightDate', 'tmc.field.flightDate', tomorrow, 'date')}
${field('Fare', 'tmc.field.fare', '1200.00')}${field('Tax', 'tmc.field.tax', '50.00')}
<button type="submit" data-testid="tmc-sim-book">${esc(t(c, 'tmc.sim.book'))}</button></form>`;
      return page(reply, 200, shell(c, t(c, 'tmc.sim.title'), body));
    },
  );
  // The form's fields as typed; checked against the booking's schema here so a mistake is shown on the page.
  const Form = z.record(z.string(), z.string().max(4000));
  post(
    app,
    `${SIMULATOR_PATH}/book`,
    {
      permission: 'public',
      summary: 'Books a flight on the simulated TMC site and records its ticket',
      tags,
      body: Form,
    },
    async (req, reply) => {
      // The page's own form gets its answer as a page; any other caller the usual problem+json.
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        const body = TMCBookBody.safeParse(req.body);
        if (!body.success) throw new AppError(400, 'tmc.sim.invalid', { fields: fieldsOf(body.error) });
        return reply.send(await tmc.simulateBooking(ctx, body.data.Token, body.data));
      }
      const parsed = TMCBookBody.safeParse(req.body);
      let culture = req.culture;
      try {
        if (!parsed.success) {
          const h = await tmc.openHandOver(ctx, String(req.body.Token ?? ''));
          culture = h.cul;
          throw new AppError(400, 'tmc.sim.invalid', { fields: fieldsOf(parsed.error) });
        }
        const h = await tmc.openHandOver(ctx, parsed.data.Token);
        culture = h.cul;
        const booked = await tmc.simulateBooking(ctx, parsed.data.Token, parsed.data);
        const k = booked.Ticket;
        const body = `<h1>${esc(t(culture, 'tmc.sim.title'))}</h1>
<p class="ok" data-testid="tmc-sim-booked">${esc(t(culture, 'tmc.sim.booked', { no: k.TicketNo }))}</p>
<table><tr><td>${esc(t(culture, 'tmc.field.ticketNo'))}</td><td data-testid="tmc-sim-ticket">${esc(k.TicketNo)}</td></tr>
<tr><td>${esc(t(culture, 'tmc.field.orderNo'))}</td><td>${esc(k.OrderNo)}</td></tr>
<tr><td>${esc(t(culture, 'tmc.field.flight'))}</td><td>${esc(k.Flight)} ${esc(k.FromCity)} → ${esc(k.ToCity)} ${esc(k.FlightDate)}</td></tr>
<tr><td>${esc(t(culture, 'tmc.field.amount'))}</td><td>CNY ${esc(k.Amount)}</td></tr></table>
<p class="note">${esc(t(culture, 'tmc.sim.afterBooking'))}</p>`;
        return page(reply, 200, shell(culture, t(culture, 'tmc.sim.title'), body));
      } catch (err) {
        return fail(reply, culture, err);
      }
    },
  );
}

function errorBox(ctx: AppContext, culture: Culture, err: AppError) {
  return `<h1>${esc(ctx.messages.t('tmc.sim.title', culture))}</h1><p class="err" data-testid="tmc-sim-error">${esc(
    ctx.messages.t(`error.${err.code}`, culture, err.params as Record<string, string | number> | undefined),
  )}</p>`;
}

const fieldsOf = (e: z.ZodError) => [...new Set(e.issues.map((i) => i.path.join('.') || 'body'))].join(', ');

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
