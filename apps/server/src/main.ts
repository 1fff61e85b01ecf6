import { buildApp } from './app';
import { createContext, reloadMessages } from './context-factory';
import { ConfigError, loadConfig } from './core/config';
import { DataDirBusyError, lockDataDir } from './core/data-lock';
import { createBoss } from './core/jobs';
import { demoLogins, seed } from './db/seed';
import { mailJob, transportFor } from './modules/notify/notify.service';
import { evmJob } from './modules/org/evm/evm.service';
import { startOutbound } from './modules/outbound/outbound.service';

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
  const started = Date.now();
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
  await ctx.database.migrate();
  const outcome = await seed(ctx.db, config);
  await reloadMessages(ctx);
  const app = await buildApp(ctx);
  // Calls to systems outside leave through jobs on the same database: notices by SMTP when configured, else
  // written to the data folder; EVM messages through its gateway.
  const outbound = await startOutbound(
    ctx,
    createBoss(ctx.database, config.databaseUrl),
    { mail: mailJob(ctx, transportFor(config)), evm: evmJob(ctx.db) },
    { log: app.log },
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await outbound.stop();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where =
    ctx.database.kind === 'pglite'
      ? `embedded database in ${config.dataDir}`
      : `PostgreSQL${config.replica ? ', reports on its replica' : ''}`;
  const lines = [
    '',
    `Expense management is running on http://localhost:${config.port} (${where}, started in ${Date.now() - started} ms)`,
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
