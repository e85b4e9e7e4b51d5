/**
 * Real-name certification. A real provider checks the name against the ID registry (and a face scan in
 * the redirect flow). The sandbox accepts every well-formed pair except names starting with "测试失败",
 * so tests and demos can take both branches.
 */
export interface CertificationProvider {
  readonly name: string;
  /** Synchronous check (the SMS-confirmed verify call). */
  check(realName: string, idCard: string): Promise<{ matched: boolean }>;
  /** Where to send the browser for the redirect flow. */
  startUrl(certifyId: string): string;
}

export function createSandboxCertificationProvider(): CertificationProvider {
  return {
    name: 'sandbox-certification',
    async check(realName) {
      return { matched: !realName.startsWith('测试失败') };
    },
    startUrl: (certifyId) => `/api/sandbox/certify?certifyId=${encodeURIComponent(certifyId)}`,
  };
}
