import { startStubServer } from './stub-server.js';
import { tencentAnswer, verifyTc3 } from './tc3.js';

/**
 * A stand-in for Tencent Cloud FaceID 身份证二要素核验 (faceid.tencentcloudapi.com, IdCardVerification
 * 2018-03-01): TC3-HMAC-SHA256 checked (tc3.ts), then a registry of name ↔ ID number the test fills.
 * Result "0" when the name matches, "-1" when it differs, "-5" when the number is not in the registry;
 * `mode` turns it into a registry outage (Result "-4") or a provider that does not answer in time.
 */
export interface RealNameStubOptions {
  secretId: string;
  secretKey: string;
}

export async function startRealNameStub(options: RealNameStubOptions) {
  const registry = new Map<string, string>();
  const checks: { idCard: string; name: string; result: string; requestId: string }[] = [];
  const refusals: string[] = [];
  let mode: 'up' | 'registry-down' | 'hang' = 'up';

  const server = await startStubServer((req) => {
    const refused = verifyTc3(req, { ...options, action: 'IdCardVerification', version: '2018-03-01' });
    if (refused) {
      refusals.push((refused.body as { Response: { Error: { Code: string } } }).Response.Error.Code);
      return refused;
    }
    if (mode === 'hang') return { ...tencentAnswer({ Result: '0', Description: '姓名和身份证号一致' }), delayMs: 5_000 };
    const body = JSON.parse(req.body.toString('utf8')) as { IdCard?: string; Name?: string };
    const answer = (Result: string, Description: string) => {
      const a = tencentAnswer({ Result, Description });
      checks.push({
        idCard: body.IdCard ?? '',
        name: body.Name ?? '',
        result: Result,
        requestId: (a.body as { Response: { RequestId: string } }).Response.RequestId,
      });
      return a;
    };
    if (mode === 'registry-down') return answer('-4', '证件库服务异常');
    const known = registry.get(body.IdCard ?? '');
    if (known === undefined) return answer('-5', '证件库中无此身份证记录');
    return known === body.Name ? answer('0', '姓名和身份证号一致') : answer('-1', '姓名和身份证号不一致');
  });

  return {
    url: server.url,
    close: () => server.close(),
    checks,
    refusals,
    register(idCard: string, name: string) {
      registry.set(idCard, name);
    },
    setMode(value: 'up' | 'registry-down' | 'hang') {
      mode = value;
    },
  };
}

export type RealNameStub = Awaited<ReturnType<typeof startRealNameStub>>;
