import type { Executor } from '../db/client.js';
import type { RealNameSettings, SmsSettings } from './provider-config.js';
import type { MailSettings } from './mail-config.js';
import { createSandboxMailProvider, createSandboxSmsProvider, type MailProvider, type SmsProvider } from './messaging.js';
import { createSandboxCertificationProvider, type CertificationProvider } from './certification.js';
import { createUnconfiguredCertificationProvider, createUnconfiguredMailProvider, createUnconfiguredSmsProvider } from './unconfigured.js';
import { createSmtpMailProvider } from './mail-smtp.js';
import { createAliyunSmsProvider } from './sms-aliyun.js';
import { createTencentSmsProvider } from './sms-tencent.js';
import { createTencentFaceIdCertificationProvider } from './certification-tencent.js';
import { instrumentProvider } from '../metrics/provider-calls.js';

/** The SMS gateway config.sms names (config.ts allows the sandbox only with the sandbox tools). */
export function createSmsProviderFor(settings: SmsSettings, ex: Executor): SmsProvider {
  // Timed and counted per gateway (issue 26 §12): a gateway that slows down or refuses shows before players say so.
  return instrumentProvider(`sms-${settings.provider}`, smsProviderFor(settings, ex));
}

function smsProviderFor(settings: SmsSettings, ex: Executor): SmsProvider {
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

/** The mail sender config.mail names (issue 27 §1); the sandbox outbox only with the sandbox tools. */
export function createMailProviderFor(settings: MailSettings, ex: Executor): MailProvider {
  switch (settings.provider) {
    case 'sandbox':
      return createSandboxMailProvider(ex);
    case 'smtp':
      return instrumentProvider('mail-smtp', createSmtpMailProvider(settings));
    case 'none':
      return createUnconfiguredMailProvider();
  }
}

/** The real-name checker config.realName names. */
export function createCertificationProviderFor(settings: RealNameSettings): CertificationProvider {
  return instrumentProvider(`realname-${settings.provider}`, certificationProviderFor(settings));
}

function certificationProviderFor(settings: RealNameSettings): CertificationProvider {
  switch (settings.provider) {
    case 'sandbox':
      return createSandboxCertificationProvider();
    case 'tencent-faceid':
      return createTencentFaceIdCertificationProvider(settings);
    case 'none':
      return createUnconfiguredCertificationProvider();
  }
}
