import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface StubAnswer {
  status: number;
  body: unknown;
  contentType?: string;
  /** Answer only after this long (a provider that hangs: the client's timeout must end the call). */
  delayMs?: number;
}

export interface StubServer {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/**
 * A local HTTP server for a provider's stub (issue 17 tests: the real protocol, never the internet).
 * Loopback only; every request is read whole, then answered by `handle`.
 */
export async function startStubServer(handle: (request: StubRequest) => StubAnswer | Promise<StubAnswer>): Promise<StubServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let answer: StubAnswer;
        try {
          answer = await handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
        } catch (err) {
          answer = { status: 500, body: { message: String(err) } };
        }
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json;charset=utf-8' });
          res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
        };
        if (answer.delayMs) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            send();
          }, answer.delayMs);
          timers.add(timer);
        } else send();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
