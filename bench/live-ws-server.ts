/**
 * The baseline of bench/live-fanout.ts, in its own process: a bare `ws` WebSocketServer that broadcasts
 * one message to every connected client when POST /trigger arrives, the way the ws README broadcasts
 * (one Buffer, `send` to each open client). POST /prepare?bytes=N sets the message size beforehand, so
 * building it is not part of the measured path. Reports its port over the IPC channel.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

let payload = Buffer.from('{}');

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  req.resume();
  if (req.method === 'POST' && url.pathname === '/trigger') {
    let sent = 0;
    for (const client of wss.clients) {
      if (client.readyState !== WebSocket.OPEN) continue;
      client.send(payload, { binary: false });
      sent++;
    }
    res.end(String(sent));
  } else if (req.method === 'POST' && url.pathname === '/prepare') {
    const bytes = Number(url.searchParams.get('bytes'));
    // Text of the same size as the drop event frame: a JSON-looking body padded to length.
    payload = Buffer.alloc(bytes, 'x');
    payload.write('{"eventType":21,"data":"');
    res.end(String(payload.length));
  } else {
    res.statusCode = 404;
    res.end();
  }
});
const wss = new WebSocketServer({ server: http, perMessageDeflate: false, maxPayload: 64 * 1024 });

http.listen(0, '127.0.0.1', () => process.send!({ port: (http.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
