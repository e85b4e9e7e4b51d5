import net from 'node:net';

/**
 * A minimal HTTP/1.1 keep-alive client for load generation. The load generator shares two cores with the
 * server and the database, so it must cost as little as possible per request: each request is a prebuilt
 * buffer written to one socket, and an answer is complete when its Content-Length bytes have arrived.
 * Node's fetch spends several times more CPU per request, and that CPU would be taken from the server.
 */
export interface Answer {
  statusCode: number;
  body: string;
}

export class KeepAliveConnection {
  private socket: net.Socket;
  private chunks: Buffer[] = [];
  private size = 0;
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;
  private ready: Promise<void>;

  constructor(port: number, host = '127.0.0.1') {
    this.socket = net.connect({ port, host, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk) => this.onData(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  async send(request: Buffer): Promise<Answer> {
    await this.ready;
    if (this.waiting) throw new Error('one request at a time per connection');
    return new Promise<Answer>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(err: Error): void {
    const w = this.waiting;
    this.waiting = null;
    w?.reject(err);
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    const data = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    const headEnd = data.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = data.toString('latin1', 0, headEnd);
    const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!match) {
      this.fail(new Error(`answer without content-length: ${head.slice(0, 200)}`));
      return;
    }
    const total = headEnd + 4 + Number(match[1]);
    if (data.length < total) {
      this.chunks = [data];
      return;
    }
    const statusCode = Number(head.slice(9, 12));
    const body = data.toString('utf8', headEnd + 4, total);
    const rest = data.subarray(total);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.size = rest.length;
    const w = this.waiting;
    this.waiting = null;
    w?.resolve({ statusCode, body });
  }
}

/** A POST of a form body, prebuilt once and sent as many times as needed. */
export function formPost(path: string, headers: Record<string, string>, body: string): Buffer {
  const lines = [
    `POST ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    'connection: keep-alive',
    'content-type: application/x-www-form-urlencoded',
    `content-length: ${Buffer.byteLength(body)}`,
  ];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}
