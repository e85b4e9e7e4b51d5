import { AppError } from '../errors.js';
import type { CertificationProvider } from './certification.js';
import type { FulfilmentProvider } from './fulfilment.js';
import type { MailProvider, SmsProvider } from './messaging.js';

/**
 * What stands in for an outside service when the sandbox is off and no real provider is configured
 * (real providers arrive with their own issue): every call fails closed with a clear refusal, never a
 * fake success (issue 9 §1, security.md "SMS sending fails closed").
 */
export function createUnconfiguredSmsProvider(): SmsProvider {
  return {
    name: 'unconfigured-sms',
    async send() {
      throw new Error('no SMS provider configured');
    },
  };
}

/** Issue 27 §1: the player is told the site sends no mail (a retry would not help), not that a send failed. */
export function createUnconfiguredMailProvider(): MailProvider {
  return {
    name: 'unconfigured-mail',
    async send() {
      throw new AppError('MAIL_UNAVAILABLE', 'no mail provider configured (MAIL_PROVIDER)');
    },
  };
}

export function createUnconfiguredCertificationProvider(): CertificationProvider {
  return {
    name: 'unconfigured-certification',
    async check() {
      throw new AppError('FEATURE_UNAVAILABLE', 'no certification provider configured');
    },
    startUrl() {
      throw new AppError('FEATURE_UNAVAILABLE', 'no certification provider configured');
    },
  };
}

/** Withdrawals wait (the job retries with back-off) until a supplier is configured; items are never lost. */
export function createUnconfiguredFulfilmentProvider(): FulfilmentProvider {
  return {
    name: 'unconfigured-fulfilment',
    async advance() {
      throw new Error('no fulfilment provider configured');
    },
  };
}
