import './runtime-guard';
import { buildApp } from './app';
import { createContext, reloadMessages } from './context-factory';
import { ConfigError, loadConfig } from './core/config';
import { DataDirBusyError, lockDataDir } from './core/data-lock';
import { createBoss, startScheduled } from './core/jobs';
import { Lifecycle } from './core/lifecycle';
import { demoLogins, seed } from './db/seed';
import { cardIssuerJob, httpCardIssuer } from './modules/cards/business/business.statement';
import { tmcPollJob } from './modules/cards/tmc/tmc.service';
import { applyBlockJob } from './modules/documents/applies/block.service';
import { walletMailJob } from './modules/documents/invoices/mail/wallet-mail.service';
import { invoiceVerifyJob } from './modules/documents/invoices/wallet.service';
import { erpJob } from './modules/finance/posting/posting.service';
import { bankJob, bankStatusJob } from './modules/finance/remit/bank.service';
import { freezeJob, loanReminderJob } from './modules/freezes/freeze.service';
import { followLanguageEdits } from './modules/i18n/i18n.service';
import { mailJob, transportFor } from './modules/notify/notify.service';
import { evmJob } from './modules/org/evm/evm.service';
import { type OutboundRunner, startOutbound } from './modules/outbound/outbound.service';
import { approvalReminderJob } from './modules/workflow/approvecentre/reminder.service';

/** Time left for closing the database once requests and jobs are done, out of the whole shutdown budget. */
const CLOSE_RESERVE_MS = 2_000;
/** How soon a text edited through another instance shows in this one's error messages and notices. */
const LANGUAGE_CHECK_MS = 15_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  // The embedded database is this process's files alone: a second server, a backup or a restore must wait.
  if (!config.databaseUrl) {
    try {
      lockDataDir(config.dataDir, 'server');
    } catch (err) {
      if (err instanceof DataDirBusyError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  const ctx = await createContext(config);
  const lifecycle = new Lifecycle();
  // Instances started together on one database take turns, so it is migrated and seeded once. The database does
  // that work while this process builds the app (mostly its own CPU), so a start after the first waits for neither
  // twice; the app is not ready before both are done.
  const prepared = ctx.database.exclusively(async () => {
    await ctx.database.migrate();
    const seeded = await seed(ctx.db, config);
    return ctx.database.fromDemoSnapshot ? { ...seeded, demoLoaded: true } : seeded;
  });
  // Its failure is reported where the start awaits it, not as an unhandled rejection while the app is built.
  prepared.catch(() => undefined);
  const app = await buildApp(ctx, { lifecycle });
  let outbound: OutboundRunner | undefined;
  let stopFollowing: (() => void) | undefined;

  // The listener comes up first, so an orchestrator sees the process alive (`/healthz`) and not yet ready
  // (`/readyz` 503 `starting`) while the database is migrated and seeded, which may take a while after an upgrade.
  await app.listen({ port: config.port, host: config.host });

  let starting: Promise<void> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'already shutting down');
      return;
    }
    closing = true;
    lifecycle.drain();
    app.log.info({ signal }, 'shutting down: draining requests and jobs');
    const hardStop = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    hardStop.unref();
    try {
      // The listener stops taking connections at once and idle kept-alive ones close; requests in flight finish.
      // It does not wait for the start, which may still be setting up the job queue.
      const listenerClosed = app.close();
      // Whatever the start was doing (a migration, the seed, the queue) ends first: it runs in transactions of its
      // own. Jobs in progress then finish alongside the requests; only then does the database close under them.
      await starting?.catch(() => undefined);
      stopFollowing?.();
      const jobsTimeoutMs = Math.max(1_000, config.shutdownTimeoutMs - CLOSE_RESERVE_MS);
      await Promise.all([listenerClosed, outbound?.stop({ timeoutMs: jobsTimeoutMs })]);
      await ctx.database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  starting = (async () => {
    const outcome = await prepared;
    await reloadMessages(ctx);
    if (closing) return;
    // Ready once the database is migrated and seeded and the texts are loaded: requests need nothing more. The job
    // queue starts after: what a request hands to it is written to the outbox in the request's own transaction and
    // relayed once the queue runs, so a start is not held up by the queue's own set-up.
    lifecycle.ready();
    printWelcome(config, ctx.database.kind, outcome);
    // Calls to systems outside leave through jobs on the same database: notices by SMTP when configured, else
    // written to the data folder; EVM messages through its gateway.
    const boss = await createBoss(ctx.database, config.databaseUrl, config.jobs.maintenanceSeconds);
    // Queues are created one instance at a time: two instances creating different queues at once (each a partition
    // of pg-boss's job table) can deadlock.
    await ctx.database.exclusively(async () => {
      outbound = await startOutbound(
        ctx,
        boss,
        {
          mail: mailJob(ctx, transportFor(config)),
          evm: evmJob(ctx.db),
          erp: erpJob(ctx.db),
          bank: bankJob(ctx),
          bank_status: bankStatusJob(ctx),
          invoice: invoiceVerifyJob(ctx),
        },
        { log: app.log, expireInSeconds: config.jobs.expireSeconds, retryDelay: config.jobs.retryDelaySeconds },
      );
      // Nightly work on the same queue: the overdue-loan freeze, and (after midnight in Shanghai) applies whose HCP
      // evidence is overdue are blocked (DESIGN §11).
      // With a real TMC configured, its order feed is polled for the tickets booked there (docs/decisions/038).
      await startScheduled(boss, [
        freezeJob(ctx.db, app.log),
        // Each morning, reminders: overdue approvals (a digest per approver) and loans falling due.
        approvalReminderJob(ctx.db, app.log),
        loanReminderJob(ctx.db, app.log),
        applyBlockJob(ctx, app.log),
        // Every minute, fapiao mailed to the wallets' addresses (decision 067).
        walletMailJob(ctx, app.log),
        ...(config.tmc.url ? [tmcPollJob(ctx, config.tmc.pollCron, app.log)] : []),
        // The card issuer's feed, hourly, when configured (else its statements are imported).
        ...(config.cardIssuerUrl ? [cardIssuerJob(ctx, httpCardIssuer(config.cardIssuerUrl), app.log)] : []),
      ]);
    });
    if (closing) return;
    // Instances share one database: texts edited through another reach this one's messages too.
    stopFollowing = followLanguageEdits(ctx, LANGUAGE_CHECK_MS, (err) =>
      app.log.error({ err }, 'reloading the language texts failed'),
    );
  })();
  await starting;
}

function printWelcome(
  config: ReturnType<typeof loadConfig>,
  kind: 'pglite' | 'postgres',
  outcome: Awaited<ReturnType<typeof seed>>,
): void {
  const where =
    kind === 'pglite'
      ? `embedded database in ${config.dataDir}`
      : `PostgreSQL${config.replica ? ', reports on its replica' : ''}`;
  // From the process's own start, so loading the code counts too.
  const startedIn = Math.round(performance.now());
  const lines = [
    '',
    `Expense management is running on http://localhost:${config.port} (${where}, started in ${startedIn} ms)`,
    `API documentation: http://localhost:${config.port}/api/docs`,
  ];
  if (outcome.demoLoaded) lines.push('Demo data loaded.');
  if (config.loadDemoData || outcome.demoLoaded) lines.push(demoLogins());
  if (outcome.adminPassword)
    lines.push(`First administrator: admin / ${outcome.adminPassword} (change it at first sign-in)`);
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
