import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApiDocs } from './platform/http/api-docs.js';
import { buildTestApp, type TestApp } from './testing/test-app.js';

const docsFile = fileURLToPath(new URL('../../../docs/API.md', import.meta.url));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_TOOLS: 'true' } });
});
afterAll(async () => t?.close());

describe('docs/API.md', () => {
  it('matches the routes the server registers (run `npm run docs:api` after changing a route)', () => {
    const expected = renderApiDocs(t.app.apiRoutes);
    if (process.env.UPDATE_API_DOCS === '1') fs.writeFileSync(docsFile, expected);
    expect(fs.readFileSync(docsFile, 'utf8')).toBe(expected);
    expect(t.app.apiRoutes.map((r) => r.url)).toContain('/api/stat/lastDrop');
  });
});
