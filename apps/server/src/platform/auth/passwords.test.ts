import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('hashes at the production cost in a process that has not asked for test hashing', () => {
    // Test workers run with cheap hashing (testing/fast-hashing.ts); a fresh process shows what the server uses.
    const script = `import('./passwords.ts').then(async (m) => process.stdout.write(await m.hashPassword('x')))`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
    });
    expect(run.stdout).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
  });

  it('verifies the right password only, and never throws on a broken or missing hash', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horsf')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword(await dummyPasswordHash(), 'x')).toBe(false);
  });
});
