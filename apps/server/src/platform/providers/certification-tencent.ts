import { CommonClient } from 'tencentcloud-sdk-nodejs-common';
import type { TencentFaceIdSettings } from './provider-config.js';
import { CertificationUnavailableError, type CertificationProvider } from './certification.js';
import { tencentHttpProfile } from './sms-tencent.js';

/**
 * Tencent Cloud FaceID 身份证二要素核验 (faceid 2018-03-01 IdCardVerification): name + ID number against
 * the authoritative registry. Called through the official SDK's CommonClient, which signs with
 * TC3-HMAC-SHA256 like every Tencent Cloud API. `Result` (documented codes):
 *   "0" match · "-1" name and number differ · "-2" invalid number · "-3" invalid name ·
 *   "-5" no such number in the registry  → a verdict (mismatch for all but "0");
 *   "-4" registry error · "-6" registry upgrading · "-7" our daily quota exhausted, or anything else
 *   → no verdict (CertificationUnavailableError), never a mismatch.
 * The request id (`RequestId`) is the reference kept with the result. No redirect flow (startUrl absent).
 */
const VERDICTS: Record<string, boolean> = { '0': true, '-1': false, '-2': false, '-3': false, '-5': false };

export function createTencentFaceIdCertificationProvider(settings: TencentFaceIdSettings): CertificationProvider {
  const client = new CommonClient('faceid.tencentcloudapi.com', '2018-03-01', {
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: { signMethod: 'TC3-HMAC-SHA256', httpProfile: tencentHttpProfile(settings.endpoint, settings.timeoutMs) },
  });
  return {
    name: 'tencent-faceid',
    async check(realName, idCard) {
      let response: { Result?: string; Description?: string; RequestId?: string };
      try {
        response = (await client.request('IdCardVerification', { IdCard: idCard.toUpperCase(), Name: realName })) as typeof response;
      } catch (err) {
        const e = err as { code?: string; message?: string; requestId?: string };
        const message = String(e.message ?? err);
        // node-fetch's "network timeout at: …" (the SDK's reqTimeout), or an abort.
        const kind = /timeout|aborted/i.test(message) ? 'timeout' : 'error';
        throw new CertificationUnavailableError(
          kind,
          String(e.code || (kind === 'timeout' ? 'TIMEOUT' : 'HTTP_ERROR')),
          message,
          e.requestId || null,
        );
      }
      const reference = response.RequestId ?? null;
      const verdict = VERDICTS[String(response.Result)];
      if (verdict === undefined)
        throw new CertificationUnavailableError(
          'error',
          `Result ${String(response.Result)}`,
          String(response.Description ?? ''),
          reference,
        );
      return { matched: verdict, reference };
    },
  };
}
