import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { adminBootstrapParams, adminBootstrapResult } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { ok } from '../../platform/http/envelope.js';
import { sendError } from '../../platform/http/error-handler.js';
import { isDirectLocalRequest } from '../../platform/http/exposure.js';
import { mergeParams } from '../../platform/http/params.js';
import { parseInput } from '../../platform/http/validate.js';
import { createOperator, type InitialPassword } from './service.js';

/**
 * The first admin while a PGlite server runs (decisions/0032). PGlite's data directory admits one process,
 * so the command cannot open the database beside the server; it asks the server instead, through a
 * loopback-only endpoint guarded by a token the server writes to DATA_DIR (mode 600) and replaces after
 * each use. Whoever can read that file can read the database files too, so it grants nothing new.
 */
export const BOOTSTRAP_FILE = 'admin-bootstrap.json';
export const BOOTSTRAP_URL = '/api/admin/bootstrap';
export const BOOTSTRAP_HEADER = 'bootstrap-token';

export interface BootstrapFile {
  /** The server process that owns the PGlite directory: while it lives, nothing else may open it. */
  pid: number;
  port: number;
  token: string;
}

export const bootstrapFilePath = (dataDir: string) => path.join(dataDir, BOOTSTRAP_FILE);

/** A password the command made up was seen on a screen: changed at the first login, without a deadline. */
export const initialFromCli = (generated: boolean): InitialPassword => (generated ? { kind: 'given', expiresAt: null } : { kind: 'own' });

function writeBootstrapFile(file: string, content: BootstrapFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // A new file each time (write beside, rename over): the mode applies only when a file is created.
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(content), { mode: 0o600 });
  fs.renameSync(temp, file);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Registers the endpoint and writes the token file; removes the file when the server closes. */
export function bootstrapRoute(app: FastifyInstance, db: Db, options: { file: string; port: number }): void {
  let token = '';
  const rotate = () => {
    token = randomBytes(32).toString('base64url');
    writeBootstrapFile(options.file, { pid: process.pid, port: options.port, token });
  };
  rotate();
  app.addHook('onClose', async () => {
    try {
      const current = JSON.parse(fs.readFileSync(options.file, 'utf8')) as BootstrapFile;
      if (current.pid === process.pid) fs.rmSync(options.file, { force: true });
    } catch {
      // Already gone.
    }
  });
  app.post(BOOTSTRAP_URL, async (request, reply) => {
    const given = request.headers[BOOTSTRAP_HEADER];
    const matches = typeof given === 'string' && given !== '' && timingSafeEqual(digest(given), digest(token));
    // Any refusal looks like a missing route: the endpoint does not announce itself.
    if (!isDirectLocalRequest(request) || !matches) return sendError(request, reply, 'ROUTE_NOT_FOUND', { httpStatus: 404 });
    // Used once: a token seen in a process list or a shell history is worthless afterwards.
    rotate();
    const params = parseInput(adminBootstrapParams, mergeParams(request.query, request.body), request.lang);
    const operator = await createOperator(
      { db },
      { operatorId: null, ip: 'cli' },
      { name: params.name, password: params.password, role: 'admin' },
      initialFromCli(params.generated),
    );
    return ok(adminBootstrapResult.parse(operator));
  });
}
