import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';

// The handle types live in a leaf of their own: client.ts opens the database and wires raw.ts and
// notifications.ts, which need these types too, so declaring them in client.ts made an import circle.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Repositories take either: a plain query runs on the pool, inside a service it runs on the transaction. */
export type Executor = Db | Tx;
