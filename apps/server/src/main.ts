import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.js';
import { runPrimary } from './cluster.js';
import type { buildApp as BuildApp } from './app.js';
import type { LiveHub, LiveServer } from './platform/live/index.js';
import type { LivePublisher } from './platform/live-publisher.js';

async function main(config: Config): Promise<void> {
  const bootStarted = Date.now();
  // Imported here rather than at the top: a cluster primary runs this file too and needs none of it (the
  // app, its drivers and native modules would cost it ~75 MB and half a second before the first fork).
  const [
    { openRedis },
    { buildApp, createAppContext, registerJobHandlers },
    { openDatabase, unguardedSettings },
    { createLiveHub, attachLiveServer },
    { createJobRunner },
    { trustFunction },
    { ensureBaseRows, seedDemoDrops },
    { seedDemoGoldenCode },
    { ensureDemoGiveaway },
  ] = await Promise.all([
    import('./platform/redis/connection.js'),
    import('./app.js'),
    import('./platform/db/client.js'),
    import('./platform/live/index.js'),
    import('./platform/jobs/index.js'),
    import('./platform/http/exposure.js'),
    import('./seed/index.js'),
    import('./features/golden-code/index.js'),
    import('./features/giveaways/index.js'),
  ]);
  // Until the app (and its logger) exists, early faults go to the console.
  let log: { error: (o: object, m: string) => void; warn: (o: object, m: string) => void } = {
    error: (o, m) => console.error(m, o),
    warn: (o, m) => console.warn(m, o),
  };
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: config.pgliteDir }),
    poolSize: config.dbPoolSize,
    acquireTimeoutMs: config.dbAcquireTimeoutMs,
    // Timeouts on every connection, the pooler mode and the standby for public reads (decisions/0059).
    guards: config.database.guards,
    pooler: config.database.pooler,
    ...(config.database.directUrl ? { directUrl: config.database.directUrl } : {}),
    ...(config.database.readUrl ? { read: { url: config.database.readUrl, maxLagMs: config.database.readMaxLagMs } } : {}),
    onPoolError: (err) => log.error({ err: err.message }, 'database connection lost; the pool replaces it'),
  });
  // Behind a transaction pooler the role must carry the guards (docs/DEPLOY.md); a node without them says so.
  if (config.database.pooler === 'transaction') {
    const unguarded = await unguardedSettings(database.db);
    if (unguarded.length > 0) log.warn({ unguarded }, 'database role runs without these guards: ALTER ROLE … SET them (docs/DEPLOY.md)');
  }
  // Seeding runs under the migration lock: nodes booting together on an empty database seed once.
  let seeded = 0;
  await database.migrate(async (db) => {
    await ensureBaseRows(db);
    if (config.seedDemo) {
      seeded = await seedDemoDrops(db);
      await seedDemoGoldenCode(db);
      // A demo official room ending in 10 minutes; each draw opens the next (decision 0028).
      await ensureDemoGiveaway(db);
    }
  });

  // Optional at run time (issue 26 §10): while it is away rate limits count per node and live events stay on
  // this node; readiness reports it as degraded, never as not ready.
  const redis = config.redis
    ? openRedis(config.redis, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  redis?.on('error', (err) => log.warn({ err: err.message }, 'redis error'));

  // The hub needs the app's logger and the app needs a publisher: bind them through this forwarder.
  const hubRef: { current?: LiveHub } = {};
  const live: LivePublisher = {
    publish: (message) => hubRef.current?.publish(message),
    onlineCount: () => hubRef.current?.onlineCount() ?? 0,
  };
  const ctx = createAppContext({ config, database, live });
  const liveServerRef: { current?: LiveServer } = {};
  const liveConnections = () => liveServerRef.current?.connectionCount() ?? 0;
  // PGlite admits one process: the first-admin command goes through this server (decisions/0032).
  const adminBootstrap = config.databaseUrl ? undefined : { dataDir: config.dataDir, port: config.port };
  const app = await buildApp({
    config,
    database,
    live,
    ctx,
    liveConnections,
    ...(redis ? { redis } : {}),
    ...(adminBootstrap ? { adminBootstrap } : {}),
  });
  log = app.log;
  const hub = createLiveHub({ logger: app.log, ...(config.redis ? { redis: config.redis } : {}) });
  hubRef.current = hub;
  const liveServer = attachLiveServer(app.server, hub, {
    logger: app.log,
    maxConnectionsPerIp: config.wsMaxConnectionsPerIp,
    trustProxy: trustFunction(config.trustProxy),
  });
  liveServerRef.current = liveServer;
  const jobs = createJobRunner({ db: database.db, logger: app.log, pollMs: config.jobs.pollMs });
  registerJobHandlers(jobs, ctx, app.log);
  if (config.jobs.enabled) jobs.start();

  if (config.sandboxTools) {
    // Loud on purpose: the sandbox lets whoever reaches the server read SMS codes and mint coins.
    app.log.warn(
      { host: config.host, publicUrl: config.publicUrl },
      '⚠ SANDBOX MODE: fake SMS outbox, fake payments and /api/sandbox/* tools are ON. Loopback only; never expose this server.',
    );
  }
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { engine: database.engine, seededDrops: seeded, bootMs: Date.now() - bootStarted },
    `Skinfair is ready on ${config.sandboxTools ? `http://localhost:${config.port}` : config.publicUrl} (listening on ${config.host})`,
  );

  // SIGTERM: stop accepting, finish what is in flight, then exit (security.md "Faults").
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await jobs.stop();
    await liveServer.close();
    await closeHttp(app);
    await hub.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * Stop accepting, let the requests in flight finish (up to 10 s), then drop every connection left: idle
 * keep-alive sockets, and sockets that never completed a request (a silent or slow client), which would
 * otherwise hold `server.close()` until the force timer and end the process with code 1 (issue 10 §5).
 */
async function closeHttp(app: Awaited<ReturnType<typeof BuildApp>>): Promise<void> {
  const closed = app.close();
  const started = Date.now();
  while (app.inFlightRequests() > 0 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
  app.server.closeAllConnections();
  await closed;
}

async function start(): Promise<void> {
  const config = loadConfig();
  // WORKERS > 1: this process only forks and watches the workers (cluster.ts); each worker runs main().
  if (cluster.isPrimary && config.workers > 1) runPrimary(config);
  else await main(config);
}

start().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Skinfair failed to start:', err);
  process.exit(1);
});
