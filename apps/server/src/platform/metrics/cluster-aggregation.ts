import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/**
 * /metrics across cluster workers (WORKERS > 1, issue 26 §12). The scrape reaches whichever worker the
 * kernel hands the connection to; that worker asks the primary, the primary asks every live worker for its
 * metrics as JSON and merges them with prom-client's AggregatorRegistry (counters and histograms summed,
 * each metric's own `aggregator` otherwise), and the answer goes back the same way. The primary opens no
 * port of its own (cluster.ts), so the scrape target, its address check and OPS_TOKEN stay as they are.
 *
 * prom-client's own clusterMetrics() asks every forked worker and fails the whole scrape when one does not
 * answer in 5 s (a worker still booting never will); here a worker that is late is left out and counted.
 */
const AGGREGATE = 'skinfair:metrics:aggregate';
const AGGREGATED = 'skinfair:metrics:aggregated';
const COLLECT = 'skinfair:metrics:collect';
const COLLECTED = 'skinfair:metrics:collected';

type Json = MetricObjectWithValues<MetricValue<string>>[];
interface Message {
  type?: unknown;
  id?: unknown;
  text?: unknown;
  metrics?: unknown;
}

/** In a worker: answer the primary's requests with these registries' metrics. Returns the unsubscribe. */
export function answerCollectRequests(registries: Registry[]): () => void {
  if (!cluster.isWorker) return () => {};
  const onMessage = (message: Message) => {
    if (message?.type !== COLLECT) return;
    void Promise.all(registries.map((r) => r.getMetricsAsJSON())).then(
      (metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }),
      () => process.send?.({ type: COLLECTED, id: message.id, metrics: [] }),
    );
  };
  process.on('message', onMessage);
  return () => void process.off('message', onMessage);
}

let nextId = 0;

/** In a worker: every worker's metrics merged, or null when this process is no cluster worker or no answer came. */
export function aggregatedFromPrimary(timeoutMs = 4_000): Promise<string | null> {
  if (!cluster.isWorker || !process.send) return Promise.resolve(null);
  const id = `${process.pid}:${nextId++}`;
  return new Promise((resolve) => {
    const onMessage = (message: Message) => {
      if (message?.type !== AGGREGATED || message.id !== id) return;
      finish(typeof message.text === 'string' ? message.text : null);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const finish = (text: string | null) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(text);
    };
    process.on('message', onMessage);
    process.send!({ type: AGGREGATE, id });
  });
}

/** In the primary: serve the workers' aggregation requests. `workers` lists the live ones. */
export function serveAggregation(workers: () => Worker[], collectTimeoutMs = 2_000): void {
  const pending = new Map<string, (worker: Worker, metrics: Json[]) => void>();
  let nextCollect = 0;
  cluster.on('message', (worker: Worker, message: Message) => {
    if (message?.type === COLLECTED && typeof message.id === 'string') {
      pending.get(message.id)?.(worker, Array.isArray(message.metrics) ? (message.metrics as Json[]) : []);
      return;
    }
    if (message?.type !== AGGREGATE) return;
    const asked = workers().filter((w) => w.isConnected());
    const id = `c${nextCollect++}`;
    const responses: Json[] = [];
    const answered = new Set<Worker>();
    const done = () => {
      pending.delete(id);
      clearTimeout(timer);
      void merge(responses, answered.size, asked.length - answered.size).then(
        (text) => worker.isConnected() && worker.send({ type: AGGREGATED, id: message.id, text }),
        () => worker.isConnected() && worker.send({ type: AGGREGATED, id: message.id, text: null }),
      );
    };
    const timer = setTimeout(done, collectTimeoutMs);
    pending.set(id, (from, metrics) => {
      if (answered.has(from)) return;
      answered.add(from);
      responses.push(...metrics);
      if (answered.size === asked.length) done();
    });
    for (const w of asked) w.send({ type: COLLECT, id });
    if (asked.length === 0) done();
  });
}

async function merge(responses: Json[], reporting: number, missing: number): Promise<string> {
  const text = await AggregatorRegistry.aggregate(responses).metrics();
  return (
    `${text}# HELP skinfair_cluster_workers Cluster workers whose metrics this scrape includes (reporting) or lacks (missing)\n` +
    `# TYPE skinfair_cluster_workers gauge\n` +
    `skinfair_cluster_workers{state="reporting"} ${reporting}\nskinfair_cluster_workers{state="missing"} ${missing}\n`
  );
}
