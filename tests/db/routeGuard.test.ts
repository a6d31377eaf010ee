// Every route under app/api, found by walking the folder (so routes added later are covered
// without editing this test): each exported method must be wrapped by handle(), and a request
// from a foreign page (cross-site Origin / Sec-Fetch-Site) or to a foreign Host (DNS rebinding)
// gets 403 before the handler runs: the database is unchanged afterwards.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';
import { HANDLE_EXEMPT_ROUTES } from '../../lib/http/auth/authRoute';
import { apiDir, apiRoutes, callRoute, METHODS, MUTATING, PORT, UUID } from '../helpers/apiRoutes';

const routes = apiRoutes();

const snapshot = async () => {
  const { rows } = await pool().query(
    `SELECT (SELECT count(*) FROM runs)::int AS runs, (SELECT count(*) FROM import_jobs)::int AS imports,
            (SELECT coalesce(string_agg(key || '=' || value::text, ',' ORDER BY key), '') FROM settings) AS settings,
            (SELECT coalesce(max(updated_at)::text, '') FROM runs) AS runs_updated,
            (SELECT coalesce(max(updated_at)::text, '') FROM import_jobs) AS imports_updated`,
  );
  return rows[0];
};

const call = callRoute;

beforeAll(async () => {
  process.env.PORT = PORT;
  delete process.env.HOST;
  delete process.env.EVOSCOPE_ALLOWED_HOSTS;
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await disconnect();
});

describe('every route under app/api', () => {
  it('finds the routes, the state-changing ones included', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/settings/ingest-token', '/api/imports', `/api/imports/${UUID}/files`]));
  });

  it.each(routes)('$rel: every exported method is wrapped by handle()', async ({ file, rel }) => {
    if (rel in HANDLE_EXEMPT_ROUTES) return;
    const src = fs.readFileSync(file, 'utf8');
    expect(src, 'methods are declared as `export const METHOD = handle(...)`').not.toMatch(/export\s+(async\s+)?function\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/);
    const mod = (await import(file)) as Record<string, unknown>;
    for (const m of METHODS) {
      if (!(m in mod)) continue;
      expect(src, `${m} in ${file}`).toMatch(new RegExp(`export const ${m}\\s*=\\s*handle(<[^>]*>)?\\(`));
    }
  });

  it.each(routes)('$rel: a cross-site write or a foreign Host gets 403 and changes nothing', async ({ file, url }) => {
    const mod = (await import(file)) as Record<string, unknown>;
    const methods = METHODS.filter((m) => m in mod);
    expect(methods.length).toBeGreaterThan(0);
    const before = await snapshot();
    for (const m of methods) {
      // DNS rebinding: the browser thinks it is same-origin; only Host tells.
      const rebound = await call(file, m, url, { host: `evil.example:${PORT}`, origin: `http://evil.example:${PORT}`, 'sec-fetch-site': 'same-origin' });
      expect(rebound.status, `${m} ${url} with a foreign Host`).toBe(403);
      if (!MUTATING.has(m) || url.startsWith('/api/ingest')) continue;
      const byOrigin = await call(file, m, url, { host: `127.0.0.1:${PORT}`, origin: 'http://evil.example' });
      expect(byOrigin.status, `${m} ${url} from another origin`).toBe(403);
      expect(await byOrigin.json()).toMatchObject({ error: expect.stringMatching(/cross-origin request from http:\/\/evil\.example refused/) });
      const bySite = await call(file, m, url, { host: `127.0.0.1:${PORT}`, 'sec-fetch-site': 'cross-site' });
      expect(bySite.status, `${m} ${url} with Sec-Fetch-Site: cross-site`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('requests that must keep working', () => {
  it('a script (no Origin) and Evoscope\'s own page create an import; JSON as text/plain gets 415', async () => {
    const file = path.join(apiDir, 'imports', 'route.ts');
    const ids: string[] = [];
    try {
      const variants: Record<string, string>[] = [{ host: `127.0.0.1:${PORT}` }, { host: `localhost:${PORT}`, origin: `http://localhost:${PORT}`, 'sec-fetch-site': 'same-origin' }];
      for (const headers of variants) {
        const res = await call(file, 'POST', '/api/imports', headers);
        expect(res.status, JSON.stringify(headers)).toBe(201);
        ids.push((await res.json()).id);
      }
      const before = await snapshot();
      const plain = await call(file, 'POST', '/api/imports', { host: `127.0.0.1:${PORT}`, 'content-type': 'text/plain;charset=UTF-8' });
      expect(plain.status).toBe(415);
      expect((await plain.json()).error).toMatch(/Content-Type: application\/json/);
      expect(await snapshot()).toEqual(before);
    } finally {
      await pool().query('DELETE FROM import_jobs WHERE id = ANY($1::uuid[])', [ids]);
    }
  });
});
