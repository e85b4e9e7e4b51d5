/**
 * Dreams (追梦, issue 13) over HTTP against the server in its own process, next to the database's own
 * ceiling for a dream's writes measured in the same run (bench/ceiling/dream.sql: an opening's writes plus
 * the dream row, the item and feed row one time in two). Every dream stakes coins at P = 50 % on one
 * target of about ¥60, so half win and half lose, as the ceiling's writes assume.
 *
 *   npx tsx bench/dream-http.ts                                                            # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dream-http.ts
 *
 * Options as bench/open-box-http.ts (BENCH_SECONDS, BENCH_PLAYERS, BENCH_WORKERS, BENCH_POOL, …).
 */
import { dreamFee } from '@skinfair/fairness';
import { formPost, type Answer } from './load/keep-alive-client.js';
import { dreamCeiling, runGameBench } from './load/game-bench.js';

const PROBABILITY = 50_000;

async function getData<T>(port: number, path: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 0) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}

runGameBench({
  title: 'dreams',
  ceiling: dreamCeiling,
  isOk: (a: Answer) => a.statusCode === 200 && a.body.startsWith('{"status":0'),
  requests: async (port, tokens) => {
    const config = await getData<{ returnRateBp: number }>(port, '/api/upgrade/getUpgradeConfig');
    const page = await getData<{ pageData: { id: number; recoveryPrice: number; available: boolean }[] }>(
      port,
      '/api/upgrade/page?priceStart=5000&priceEnd=8000&orderByPrice=asc&pageSize=20',
    );
    const target = page.pageData.find((t) => t.available);
    if (!target) throw new Error('no target between ¥50 and ¥80');
    const fee = dreamFee(target.recoveryPrice, PROBABILITY, config.returnRateBp);
    const body = `upgradeGiftId=${target.id}&probability=${PROBABILITY}&vouchers=&quantity=${fee}`;
    const requests = tokens.map((token) => formPost('/api/upgrade/startUpgrade', { token }, body));
    return (i: number) => requests[i]!;
  },
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
