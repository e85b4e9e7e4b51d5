/**
 * Creates an operator with the admin role (issue 16: "the first admin is created by a command the README
 * names"), while the server runs or not, on either database:
 *
 *   npx tsx apps/server/src/features/admin/create-admin-cli.ts --name root [--password-stdin]
 *
 * The password is generated and printed once, or read from standard input with --password-stdin
 * (`printf %s "$PW" | … --password-stdin`: it stays out of the process list and shell history). Two-factor is set up at
 * the first login (the console shows the QR code); a generated password, left in a terminal's scrollback,
 * is then replaced by one the admin chooses (decision 0047). Run it with the server's environment (DATA_DIR or
 * DATABASE_URL). PostgreSQL: connects directly. PGlite: its data directory admits one process, so while a
 * server owns it the command asks that server, over loopback, with the token in DATA_DIR/admin-bootstrap.json
 * (decisions/0032); with no server running it opens the directory itself.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { adminBootstrapParams } from '@skinfair/contract';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../platform/db/client.js';
import { BOOTSTRAP_HEADER, BOOTSTRAP_URL, bootstrapFilePath, initialFromCli, type BootstrapFile } from './bootstrap.js';
import { createOperator } from './service.js';
import { newOneTimePassword } from './one-time-password.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readBootstrapFile(file: string): BootstrapFile | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BootstrapFile;
  } catch {
    return null;
  }
}

/** Asks the running server; retries while it boots (it owns the directory before it listens). */
async function viaServer(
  owner: BootstrapFile,
  file: string,
  body: { name: string; password: string; generated: boolean },
): Promise<{ id: number; name: string }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    // Re-read each time: the server replaces the token after every use.
    const current = readBootstrapFile(file) ?? owner;
    try {
      const response = await fetch(`http://127.0.0.1:${current.port}${BOOTSTRAP_URL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BOOTSTRAP_HEADER]: current.token },
        body: JSON.stringify(body),
      });
      const envelope = (await response.json()) as {
        status: number;
        msg: string;
        data: { id: number; name: string } | null;
      };
      if (envelope.status !== 0 || !envelope.data) throw new Error(`the server refused: ${envelope.msg} (${envelope.status})`);
      return envelope.data;
    } catch (err) {
      const refused = (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
      if (!refused || Date.now() > deadline || !isAlive(current.pid)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function directly(databaseUrl: string | undefined, pgliteDir: string, body: { name: string; password: string; generated: boolean }) {
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { pgliteDir });
  try {
    await database.migrate();
    return await createOperator(
      { db: database.db },
      { operatorId: null, ip: 'cli' },
      { name: body.name, password: body.password, role: 'admin' },
      initialFromCli(body.generated),
    );
  } finally {
    await database.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { name: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
    strict: true,
  });
  const config = loadConfig();
  const given = values['password-stdin'] ? (await readStdin()).replace(/\r?\n$/, '') : undefined;
  const body = adminBootstrapParams.parse({
    name: values.name ?? 'admin',
    password: given ?? newOneTimePassword(),
    generated: given === undefined,
  });
  const file = bootstrapFilePath(config.dataDir);
  const owner = config.databaseUrl ? null : readBootstrapFile(file);
  const created =
    owner && isAlive(owner.pid) ? await viaServer(owner, file, body) : await directly(config.databaseUrl, config.pgliteDir, body);
  console.log(`Created admin "${created.name}" (operator ${created.id}).`);
  if (!given) console.log(`Initial password (shown once): ${body.password}`);
  console.log('Log in at /admin; the first login sets up two-factor (scan the QR code with an authenticator app).');
  if (!given) console.log('Then choose your own password: the initial one works only until you do.');
}

// Runs only as a script, so tests can import its helpers.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
