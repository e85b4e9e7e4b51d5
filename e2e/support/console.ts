import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { openApp } from './browser.js';
import { inheritedEnv, repoRoot, type RunningServer } from './server.js';

/**
 * The documented first-admin command (docs/OPERATIONS.md) against a running server: on PGlite it asks the
 * server through DATA_DIR's token file, on PostgreSQL it connects to the server's database. With a password it reads it from stdin; without one the command
 * makes one up and prints it, which is returned.
 */
export function createAdmin(server: RunningServer, name: string, password?: string): string {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/features/admin/create-admin-cli.ts', '--name', name, ...(password ? ['--password-stdin'] : [])],
    {
      cwd: repoRoot,
      ...(password ? { input: password } : {}),
      env: { ...inheritedEnv(), NODE_ENV: 'test', DATA_DIR: server.dataDir, LOG_LEVEL: 'warn', ...server.databaseEnv },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  if (password) return password;
  const printed = /Initial password \(shown once\): (\S+)/.exec(run.stdout)?.[1];
  expect(printed).toBeTruthy();
  return printed!;
}

/** The six-digit code an authenticator app shows for an enrolment key (RFC 6238, the console's settings). */
export const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/**
 * An operator's first sign-in: password, then the enrolment key typed into an authenticator; ends on the
 * console with its navigation. An operator whose password someone else chose must then set their own
 * (issue 30 §9): pass `newPassword` for that step.
 */
export async function signInConsole(
  page: Page,
  server: RunningServer,
  name: string,
  password: string,
  newPassword?: string,
): Promise<void> {
  await openApp(page, `${server.baseUrl}/admin/login`);
  await page.getByLabel('登录名').fill(name);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('heading', { name: '设置两步验证' }).waitFor();
  const secret = (await page.locator('code').first().innerText()).trim();
  await page.getByLabel('6位动态验证码').fill(totpCode(secret));
  await page.getByRole('button', { name: '验证' }).click();
  if (newPassword) {
    await page.getByRole('heading', { name: '设置新密码' }).waitFor();
    await page.getByLabel('一次性密码').fill(password);
    await page.getByLabel('新密码（至少12位，不含空格）').fill(newPassword);
    await page.getByLabel('再次输入新密码').fill(newPassword);
    await page.getByRole('button', { name: '修改密码' }).click();
  }
  await page.getByRole('navigation', { name: '管理后台导航' }).waitFor();
}

/** A console GET with the signed-in page's operator token, unwrapped from the envelope. */
export async function consoleGet<T>(page: Page, server: RunningServer, path: string): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('skinfair_admin_token'));
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { 'admin-token': token ?? '' } });
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 0) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}
