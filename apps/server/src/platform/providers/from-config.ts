import type { Executor } from '../db/client.js';
import type { RealNameSettings, SmsSettings } from './provider-config.js';
import { createSandboxSmsProvider, type SmsProvider } from './messaging.js';
import { createSandboxCertificationProvider, type CertificationProvider } from './certification.js';
import { createUnconfiguredCertificationProvider, createUnconfiguredSmsProvider } from './unconfigured.js';
import { createAliyunSmsProvider } from './sms-aliyun.js';
import { createTencentSmsProvider } from './sms-tencent.js';
import { createTencentFaceIdCertificationProvider } from './certification-tencent.js';

/** The SMS gateway config.sms names (config.ts allows the sandbox only with the sandbox tools). */
export function createSmsProviderFor(settings: SmsSettings, ex: Executor): SmsProvider {
  switch (settings.provider) {
    case 'sandbox':
      return createSandboxSmsProvider(ex);
    case 'aliyun':
      return createAliyunSmsProvider(settings);
    case 'tencent':
      return createTencentSmsProvider(settings);
    case 'none':
      return createUnconfiguredSmsProvider();
  }
}

/** The real-name checker config.realName names. */
export function createCertificationProviderFor(settings: RealNameSettings): CertificationProvider {
  switch (settings.provider) {
    case 'sandbox':
      return createSandboxCertificationProvider();
    case 'tencent-faceid':
      return createTencentFaceIdCertificationProvider(settings);
    case 'none':
      return createUnconfiguredCertificationProvider();
  }
}
