import fc from 'fast-check';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, errorStatus } from '@skinfair/contract';

/**
 * Issue 10 §7: no parameter value a route's own schema lets through may end in an internal error.
 * A route's zod schema is walked for the fields it takes, and fast-check sends values at and past each
 * field's bounds, at and past the column types' bounds (smallint, integer, bigint / safe integer) and
 * things that are not numbers at all. A value the database cannot hold ("value out of range for type
 * smallint") would surface as INTERNAL (1000). Used for the player API (route-bounds.test.ts) and the
 * operator console (features/admin/admin-route-bounds.test.ts).
 */

/** What the sweep needs of a route: how it is called and the schema of its parameters. */
export interface BoundsRoute {
  methods: Array<'GET' | 'POST'>;
  url: string;
  params: z.ZodType;
}

type Value = string | undefined;
type Spec =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'string'; min: number; max: number; patterns: RegExp[] }
  | { kind: 'enum'; values: string[] }
  | { kind: 'bool' }
  | { kind: 'list' }
  | { kind: 'records'; shape: Record<string, Node> }
  | { kind: 'unknown' };

/** The slice of zod v4's internals the walk reads. */
interface Node {
  _zod: {
    def: {
      type: string;
      innerType?: Node;
      in?: Node;
      out?: Node;
      element?: Node;
      options?: Node[];
      values?: unknown[];
      entries?: Record<string, unknown>;
      shape?: Record<string, Node>;
      checks?: Array<{ _zod: { def: { check: string; pattern?: unknown } } }>;
    };
  };
  minValue?: number | null;
  maxValue?: number | null;
  minLength?: number | null;
  maxLength?: number | null;
}

const WRAPPERS_OPTIONAL = new Set(['optional', 'default', 'prefault']);
const WRAPPERS = new Set([...WRAPPERS_OPTIONAL, 'nullable', 'catch', 'readonly', 'nonoptional']);

/** The fields of an object schema, through the wrappers and pipes around it (a top-level transform). */
function shapeOf(node: Node): Record<string, Node> | null {
  const def = node._zod.def;
  if (def.type === 'object') return def.shape ?? {};
  if (WRAPPERS.has(def.type) && def.innerType) return shapeOf(def.innerType);
  if (def.type === 'pipe' && def.in && def.out) return shapeOf(def.out) ?? shapeOf(def.in);
  return null;
}

function specOf(node: Node): { spec: Spec; optional: boolean } {
  const def = node._zod.def;
  if (WRAPPERS.has(def.type) && def.innerType) {
    const inner = specOf(def.innerType);
    return { spec: inner.spec, optional: inner.optional || WRAPPERS_OPTIONAL.has(def.type) };
  }
  if (def.type === 'pipe' && def.in && def.out) {
    // preprocess = pipe(transform, target); a trailing transform (pageSize's clamp) = pipe(source, transform).
    const out = specOf(def.out);
    if (out.spec.kind !== 'unknown') return out;
    return specOf(def.in);
  }
  switch (def.type) {
    case 'number':
      return { spec: { kind: 'int', min: node.minValue ?? -Infinity, max: node.maxValue ?? Infinity }, optional: false };
    case 'string': {
      const patterns = (def.checks ?? []).map((c) => c._zod.def.pattern).filter((p): p is RegExp => p instanceof RegExp);
      return { spec: { kind: 'string', min: node.minLength ?? 0, max: node.maxLength ?? Infinity, patterns }, optional: false };
    }
    case 'enum':
      return { spec: { kind: 'enum', values: Object.values(def.entries ?? {}).map(String) }, optional: false };
    case 'literal':
      return { spec: { kind: 'enum', values: (def.values ?? []).map(String) }, optional: false };
    case 'union': {
      const options = (def.options ?? []).map((o) => specOf(o).spec);
      if (options.every((o) => o.kind === 'enum'))
        return { spec: { kind: 'enum', values: options.flatMap((o) => (o.kind === 'enum' ? o.values : [])) }, optional: false };
      return { spec: { kind: 'unknown' }, optional: false };
    }
    case 'boolean':
      return { spec: { kind: 'bool' }, optional: false };
    case 'array': {
      // A list of rows (box drops, VIP grades) arrives as one JSON field; its rows' fields are swept too.
      const shape = def.element ? shapeOf(def.element) : null;
      return { spec: shape ? { kind: 'records', shape } : { kind: 'list' }, optional: false };
    }
    default:
      return { spec: { kind: 'unknown' }, optional: false };
  }
}

export const SMALLINT = 32_767;
export const INTEGER = 2_147_483_647;
/** The edges of every column type a number can meet, and the first value past each. */
const COLUMN_EDGES = [
  0,
  -1,
  SMALLINT,
  SMALLINT + 1,
  -SMALLINT - 1,
  -SMALLINT - 2,
  65_536,
  INTEGER,
  INTEGER + 1,
  -INTEGER - 1,
  -INTEGER - 2,
  Number.MAX_SAFE_INTEGER,
  2 ** 53,
  2 ** 63,
].map((n) => n.toLocaleString('fullwide', { useGrouping: false }));
const NOT_NUMBERS = [
  '12345678901234567890',
  '-12345678901234567890',
  '1e400',
  '-1e400',
  '1e3',
  '1.5',
  '-0',
  '0x10',
  '+7',
  'Infinity',
  'NaN',
  'abc',
  '',
  ' ',
  '٣',
];
const ODD_STRINGS = ['', ' ', '12345678901234567890', '-1', '\u0000', 'a\u0000b', '😀😀😀', `'"\\%_;--`, '%00', 'a'.repeat(5_000)];
const LIST_VALUES = [
  '1',
  '1,2,3',
  '0',
  '-1',
  String(INTEGER + 1),
  String(Number.MAX_SAFE_INTEGER),
  String(2 ** 53),
  '12345678901234567890',
  '1,,2',
  'a,b',
  ',',
  Array.from({ length: 101 }, (_, i) => i + 1).join(','),
];
/** Whole values of a JSON list of rows that are not a list of rows. */
const NOT_RECORDS = ['', 'x', '[]', '[{}]', '{}', 'null', '[null]', '[1]', '1', '[[]]'];

interface Field {
  name: string;
  nominal: Value;
  edges: Value[];
  random: fc.Arbitrary<Value>;
}

const finite = (n: number) => Number.isFinite(n);
const clampSafe = (n: number) => Math.min(Math.max(n, Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
/** fast-check cannot build strings for every pattern (lookaheads); those get a strong password or letters. */
function matching(pattern: RegExp): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return null;
  }
}
function validFor(spec: { patterns: RegExp[] }, length: number): string {
  const first = spec.patterns[0] ? matching(spec.patterns[0]) : null;
  const sampled = first ? fc.sample(first, { seed: 7, numRuns: 1 })[0] : undefined;
  const candidates = [sampled, 'Passw0rd!x', 'a'.repeat(length)].filter((c): c is string => c !== undefined);
  return candidates.find((c) => spec.patterns.every((p) => p.test(c))) ?? 'a'.repeat(length);
}

/**
 * `inRow`: a field of a row inside a JSON list. Its nominal number is the lowest it may be (a ladder's
 * first threshold must be 0), so a row of nominal values gets past the list's own checks.
 */
function fieldOf(name: string, node: Node, inRow = false): Field {
  const { spec, optional } = specOf(node);
  let valid: string;
  let edges: string[];
  let random: fc.Arbitrary<string>;
  switch (spec.kind) {
    case 'int': {
      valid = String(inRow && finite(spec.min) ? spec.min : spec.min <= 1 && spec.max >= 1 ? 1 : finite(spec.min) ? spec.min : 0);
      const own = [spec.min - 1, spec.min, spec.max, spec.max + 1].filter(finite).map(String);
      edges = [...own, ...COLUMN_EDGES, ...NOT_NUMBERS];
      random = fc.oneof(
        fc.integer({ min: clampSafe(spec.min), max: clampSafe(spec.max) }).map(String),
        fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }).map(String),
        fc.constantFrom(...edges),
      );
      break;
    }
    case 'string': {
      const patterned = spec.patterns[0] ? matching(spec.patterns[0]) : null;
      const length = Math.min(Math.max(8, spec.min), spec.max);
      valid = validFor(spec, length);
      const lengths = [spec.min - 1, spec.min, spec.max, spec.max + 1].filter((n) => finite(n) && n >= 0 && n <= 70_000);
      edges = [valid, `${valid}\u0000`, ...lengths.map((n) => 'a'.repeat(n)), ...ODD_STRINGS];
      const anyText = fc.string({ unit: 'binary', maxLength: finite(spec.max) ? Math.min(spec.max + 2, 300) : 300 });
      random = fc.oneof(anyText, patterned ?? anyText, fc.constantFrom(...edges));
      break;
    }
    case 'enum':
      valid = spec.values[0] ?? '';
      edges = [...spec.values, 'x', '', '-1', String(INTEGER + 1)];
      random = fc.constantFrom(...edges);
      break;
    case 'bool':
      valid = 'true';
      edges = ['true', 'false', '1', '0', '', 'yes', '2'];
      random = fc.constantFrom(...edges);
      break;
    case 'list':
      valid = '1';
      edges = LIST_VALUES;
      random = fc.oneof(
        fc.array(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), { minLength: 1, maxLength: 5 }).map((ids) => ids.join(',')),
        fc.constantFrom(...edges),
      );
      break;
    case 'records': {
      // One row of nominal values, then each of its fields at its edges; the list is one JSON text.
      const rowFields = Object.entries(spec.shape).map(([key, child]) => fieldOf(key, child, true));
      const row = Object.fromEntries(rowFields.map((f) => [f.name, f.nominal]));
      const list = (rows: Array<Record<string, Value>>) => JSON.stringify(rows);
      valid = list([row]);
      edges = [valid, ...rowFields.flatMap((f) => f.edges.map((edge) => list([{ ...row, [f.name]: edge }]))), ...NOT_RECORDS];
      const randomRow = fc.record(Object.fromEntries(rowFields.map((f) => [f.name, f.random])) as Record<string, fc.Arbitrary<Value>>);
      random = fc.oneof(fc.array(randomRow, { minLength: 1, maxLength: 3 }).map(list), fc.constantFrom(...edges));
      break;
    }
    default:
      valid = 'x';
      edges = ['', 'x', ...NOT_NUMBERS];
      random = fc.constantFrom(...edges);
  }
  // An optional field is left out by default, so the route gets past it to the fields after it.
  const nominal = optional ? undefined : valid;
  return {
    name,
    nominal,
    edges: [...new Set(edges)],
    random: fc.oneof({ weight: 2, arbitrary: fc.constant(nominal) }, { weight: 3, arbitrary: random }),
  };
}

function fieldsOf(route: BoundsRoute): Field[] {
  const shape = shapeOf(route.params as unknown as Node);
  if (!shape) throw new Error(`${route.url}: its parameters are not an object schema the sweep can read`);
  return Object.entries(shape).map(([name, node]) => fieldOf(name, node));
}

export type Params = Record<string, Value>;

/**
 * The values the sweep holds every other field at while it moves one: each field's own guess, over which
 * `overrides` go (a route whose fields depend on each other, or need a row that exists).
 */
export function nominalOf(route: BoundsRoute, overrides: Params = {}): Params {
  return { ...Object.fromEntries(fieldsOf(route).map((f) => [f.name, f.nominal])), ...overrides };
}

async function send(app: FastifyInstance, route: BoundsRoute, params: Params, headers: Record<string, string>) {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) form.append(key, value);
  if (route.methods.includes('POST')) {
    return app.inject({
      method: 'POST',
      url: route.url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
  }
  return app.inject({ method: 'GET', url: `${route.url}?${form.toString()}`, headers });
}

const INTERNAL = errorStatus('INTERNAL');
const anyEnvelope = envelopeSchema(z.unknown());

/** Why an answer is an internal error, or null when it is a proper answer or refusal. */
function internalError(res: { statusCode: number; body: string }): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `not JSON: ${res.body.slice(0, 200)}`;
  }
  const envelope = anyEnvelope.safeParse(body);
  if (!envelope.success) return `not the envelope: ${res.body.slice(0, 200)}`;
  if (envelope.data.status === INTERNAL) return `internal error (${INTERNAL}): ${envelope.data.msg}`;
  return null;
}

/**
 * The field at which the route's schema refuses `params` (as the pipeline parses a form: absent fields left
 * out), or null when it accepts them. A schema that throws instead of refusing fails the sweep: over HTTP
 * that would be an internal error.
 */
function schemaRefusal(route: BoundsRoute, params: Params): string | null {
  const given = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
  let parsed: ReturnType<z.ZodType['safeParse']>;
  try {
    parsed = route.params.safeParse(given);
  } catch (err) {
    throw new Error(`the schema threw: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parsed.success ? null : (parsed.error.issues[0]?.path.join('.') ?? '');
}

/** The caller's headers (its token), or a function asked before each call, for a route that can end the caller's session. */
export type BoundsHeaders = Record<string, string> | (() => Promise<Record<string, string>>);

/**
 * One route: first every field's edge values one at a time (the others nominal), then seeded random
 * mixes, each sent with `headers`. Returns the failures, shrunk by fast-check, one line each.
 */
export async function checkRoute(
  app: FastifyInstance,
  route: BoundsRoute,
  headers: BoundsHeaders,
  options: { seed: number; numRuns: number; nominal?: Params },
): Promise<string[]> {
  const fields = fieldsOf(route);
  const nominal = nominalOf(route, options.nominal);
  const examples: Array<[Params]> = [
    [nominal],
    ...fields.flatMap((f) => f.edges.map((edge): [Params] => [{ ...nominal, [f.name]: edge }])),
  ];
  const arbitrary = fc.record(Object.fromEntries(fields.map((f) => [f.name, f.random])) as Record<string, fc.Arbitrary<Value>>);
  const refusalsSent = new Set<string>();
  const property = fc.asyncProperty(arbitrary, async (params) => {
    const refusedAt = schemaRefusal(route, params);
    // Most values are refused by the schema before any handler runs, on one shared path: each field's first
    // refusal goes through the whole pipeline, the rest are judged by the schema alone (most of the sweep's time).
    if (refusedAt !== null && refusalsSent.has(refusedAt)) return;
    if (refusedAt !== null) refusalsSent.add(refusedAt);
    const res = await send(app, route, params, typeof headers === 'function' ? await headers() : headers);
    const why = internalError(res);
    if (why) throw new Error(why);
  });
  // fast-check counts the examples within numRuns: the random runs come on top of them.
  const result = await fc.check(property, { seed: options.seed, numRuns: examples.length + options.numRuns, examples });
  if (!result.failed) return [];
  const message = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
  return [`${route.methods.join(',')} ${route.url} ${JSON.stringify(result.counterexample?.[0])} → ${message}`];
}
