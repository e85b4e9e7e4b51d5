/**
 * Real-name certification. A real provider checks the name against the ID registry (and a face scan in
 * the redirect flow). The sandbox accepts every well-formed pair except names starting with "测试失败",
 * so tests and demos can take both branches.
 */
export interface CertificationProvider {
  readonly name: string;
  /**
   * Synchronous check (the SMS-confirmed verify call): a verdict of the registry, with the provider's
   * reference for it. A provider that cannot give a verdict (error answer, outage, timeout) throws
   * CertificationUnavailableError: that is never a mismatch.
   */
  check(realName: string, idCard: string): Promise<CertificationVerdict>;
  /** Where to send the browser for the redirect flow; absent when the provider has none. */
  startUrl?(certifyId: string): string;
}

export interface CertificationVerdict {
  matched: boolean;
  /** The provider's reference for this check (its request id), kept with the result. */
  reference: string | null;
}

/** No verdict: the provider answered with an error, or did not answer in time. */
export class CertificationUnavailableError extends Error {
  constructor(
    readonly kind: 'error' | 'timeout',
    readonly providerCode: string,
    message: string,
    readonly reference: string | null = null,
  ) {
    super(`certification ${kind}: ${providerCode} ${message}`);
    this.name = 'CertificationUnavailableError';
  }
}

export function createSandboxCertificationProvider(): CertificationProvider {
  return {
    name: 'sandbox-certification',
    async check(realName) {
      return { matched: !realName.startsWith('测试失败'), reference: null };
    },
    startUrl: (certifyId) => `/api/sandbox/certify?certifyId=${encodeURIComponent(certifyId)}`,
  };
}
