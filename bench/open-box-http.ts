/**
 * Case openings over HTTP against the server in its own process, next to the database's own ceiling for an
 * opening's writes measured in the same run (issue 11; bench/ceiling: pgbench on PostgreSQL, pglite-raw.mjs
 * on PGlite). The load comes from this process, never from inside the server: one keep-alive connection
 * and one token per player.
 *
 *   npx tsx bench/open-box-http.ts                                                         # PGlite (npm start's default)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/open-box-http.ts
 *
 * Options: BENCH_SECONDS (10), BENCH_PLAYERS (50), BENCH_WORKERS ("1", e.g. "1,2": server processes,
 * PostgreSQL only), BENCH_KEYS=1 (send an Idempotency-Key with each opening), BENCH_PROFILE=1 (write a CPU
 * profile of the server to bench/profiles/), BENCH_RATE_FRACTION (0.5: the open-loop rate as a share of
 * the closed-loop maximum), BENCH_POOL (20: connections per run, split between the workers),
 * BENCH_SERVER_ENV (JSON of more server settings).
 */
import { randomBytes } from 'node:crypto';
import { formPost, type Answer } from './load/keep-alive-client.js';
import { openingCeiling, runGameBench } from './load/game-bench.js';

const withKeys = process.env.BENCH_KEYS === '1';
const BOX_ID = 3;

const isOpened = (a: Answer) => a.statusCode === 200 && a.body.startsWith('{"status":0');

runGameBench({
  title: `openings (keys=${withKeys})`,
  ceiling: openingCeiling,
  isOk: isOpened,
  requests: async (_port, tokens) => {
    const plain = tokens.map((token) => formPost('/api/case/openCase', { token }, `caseId=${BOX_ID}&number=1`));
    // With keys every request is new (a repeated key would only replay its first answer).
    return withKeys
      ? (i: number) =>
          formPost(
            '/api/case/openCase',
            { token: tokens[i]!, 'idempotency-key': `bench-${randomBytes(8).toString('hex')}` },
            `caseId=${BOX_ID}&number=1`,
          )
      : (i: number) => plain[i]!;
  },
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
