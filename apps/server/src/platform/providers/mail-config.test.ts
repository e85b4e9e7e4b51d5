import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

/** Issue 27 §1: MAIL_PROVIDER and the SMTP settings, validated at start, every problem at once. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
  BEACON_SOURCE: 'drand',
  APP_SECRET: 'q7Vb2xK9mZ4pR8tW1yN6cF3hJ5sL0dGaE-uXo_iB',
  PUBLIC_URL: 'https://skinfair.example',
};
const directMail = {
  MAIL_PROVIDER: 'smtp',
  SMTP_HOST: 'smtpdm.aliyun.com',
  SMTP_USER: 'noreply@mail.skinfair.example',
  SMTP_PASSWORD: 'example-smtp-password',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  return '';
}

describe('mail provider settings', () => {
  it('uses the sandbox outbox in the sandbox, and none (fail closed) without it', () => {
    expect(loadConfig({}).mail).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ SANDBOX_TOOLS: 'false' }).mail).toEqual({ provider: 'none' });
    expect(loadConfig(production).mail).toEqual({ provider: 'none' });
    expect(problemsOf({ SANDBOX_TOOLS: 'false', MAIL_PROVIDER: 'sandbox' })).toMatch(/MAIL_PROVIDER: "sandbox" needs SANDBOX_TOOLS/);
    expect(problemsOf({ ...production, MAIL_PROVIDER: 'sandbox' })).toMatch(/MAIL_PROVIDER: "sandbox" .*not allowed in production/);
  });

  it('production takes an SMTP relay: TLS on 465 by default, the login as sender, STARTTLS on other ports', () => {
    expect(loadConfig({ ...production, ...directMail }).mail).toEqual({
      provider: 'smtp',
      host: 'smtpdm.aliyun.com',
      port: 465,
      security: 'tls',
      auth: { user: directMail.SMTP_USER, password: directMail.SMTP_PASSWORD },
      from: { address: directMail.SMTP_USER, name: 'Skinfair' },
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({
        ...production,
        ...directMail,
        SMTP_PORT: '80',
        MAIL_FROM_ADDRESS: 'codes@skinfair.example',
        MAIL_FROM_NAME: 'Skinfair 官方',
      }).mail,
    ).toMatchObject({ port: 80, security: 'starttls', from: { address: 'codes@skinfair.example', name: 'Skinfair 官方' } });
  });

  it('refuses plain SMTP to anything but this machine', () => {
    expect(problemsOf({ ...production, ...directMail, SMTP_SECURITY: 'none' })).toMatch(/SMTP_SECURITY: "none" .*unencrypted/);
    expect(loadConfig({ ...production, ...directMail, SMTP_HOST: '127.0.0.1', SMTP_PORT: '25', SMTP_SECURITY: 'none' }).mail).toMatchObject(
      {
        security: 'none',
      },
    );
  });

  it('lists every missing or bad setting at once', () => {
    const text = problemsOf({ MAIL_PROVIDER: 'smtp', SMTP_USER: 'apikey', SMTP_SECURITY: 'ssl' });
    expect(text).toContain('SMTP_SECURITY');
    const missing = problemsOf({ MAIL_PROVIDER: 'smtp', SMTP_USER: 'apikey' });
    for (const name of ['SMTP_HOST: required', 'SMTP_USER, SMTP_PASSWORD: set both', 'MAIL_FROM_ADDRESS: required'])
      expect(missing).toContain(name);
    expect(problemsOf({ ...directMail, MAIL_FROM_ADDRESS: 'not-an-address' })).toContain(
      'MAIL_FROM_ADDRESS: not-an-address is not an email address',
    );
  });
});
