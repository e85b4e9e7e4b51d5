import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';

/**
 * A local OpenID 2.0 provider that speaks the real protocol in stateless mode: it signs positive
 * assertions with its own key and answers check_authentication by re-verifying that signature.
 */
export interface FakeOpenIdProvider {
  endpoint: string;
  /** The provider's redirect back to return_to after the user approved, as the browser would follow it. */
  approve(returnTo: string, steamId: string, options?: { nonce?: string; opEndpoint?: string }): string;
  checks: number;
  close(): Promise<void>;
}

const NS = 'http://specs.openid.net/auth/2.0';
const SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

export async function startFakeOpenIdProvider(): Promise<FakeOpenIdProvider> {
  const key = randomBytes(32);
  const sign = (fields: Record<string, string>, signed: string[]) =>
    createHmac('sha256', key)
      .update(signed.map((f) => `${f}:${fields[`openid.${f}`] ?? ''}\n`).join(''))
      .digest('base64');
  const state = { checks: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      if (req.method !== 'POST' || params['openid.mode'] !== 'check_authentication') {
        res.writeHead(400).end('error:unsupported\n');
        return;
      }
      state.checks++;
      const signed = (params['openid.signed'] ?? '').split(',');
      const valid = params['openid.sig'] === sign(params, signed);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`ns:${NS}\nis_valid:${valid}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openid/login`;
  return {
    endpoint,
    get checks() {
      return state.checks;
    },
    approve(returnTo, steamId, options = {}) {
      const claimed = `https://steamcommunity.com/openid/id/${steamId}`;
      const fields: Record<string, string> = {
        'openid.ns': NS,
        'openid.mode': 'id_res',
        'openid.op_endpoint': options.opEndpoint ?? endpoint,
        'openid.claimed_id': claimed,
        'openid.identity': claimed,
        'openid.return_to': returnTo,
        'openid.response_nonce': options.nonce ?? `${new Date().toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
        'openid.assoc_handle': '1234567890',
        'openid.signed': SIGNED.join(','),
      };
      fields['openid.sig'] = sign(fields, SIGNED);
      const url = new URL(returnTo);
      for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
      return `${url.pathname}${url.search}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
