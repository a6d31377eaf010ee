// The route walks' shared part (tests/db/routeGuard.test.ts, tests/db/routeRoles.test.ts): every
// route file under app/api, found by walking the folder (routes added later are covered without
// editing a test), its URL and params with a placeholder id, and one call of a method with a
// probe body.
import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const PORT = '3000';
export const UUID = '00000000-0000-4000-8000-000000000001';

const root = path.resolve(import.meta.dirname, '..', '..');
export const apiDir = path.join(root, 'app', 'api');

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(abs);
    return /^route\.(ts|tsx|js)$/.test(e.name) ? [abs] : [];
  });
}

/** /api/imports/<UUID>/files for app/api/imports/[importId]/files/route.ts. */
export const urlPath = (file: string) =>
  '/' + path.relative(path.join(root, 'app'), path.dirname(file)).split(path.sep).map((s) => (/^\[.*\]$/.test(s) ? UUID : s)).join('/');

const paramsOf = (file: string) =>
  Object.fromEntries(
    path.relative(apiDir, file).split(path.sep).filter((s) => /^\[.*\]$/.test(s)).map((s) => [s.slice(1, -1).replace(/^\.\.\./, ''), UUID]),
  );

/** Every route file: absolute path, repo-relative path (with '/'), URL with placeholder ids. */
export const apiRoutes = () =>
  routeFiles(apiDir).map((file) => ({ file, rel: path.relative(root, file).split(path.sep).join('/'), url: urlPath(file) }));

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls one method of a route file as Next would, JSON content type and a probe body for writes. */
export async function callRoute(file: string, method: string, url: string, headers: Record<string, string>): Promise<Response> {
  const mod = (await import(file)) as Record<string, Handler>;
  const req = new NextRequest(`http://127.0.0.1:${PORT}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: MUTATING.has(method) ? JSON.stringify({ kind: 'archive', sourceName: 'x.zip', name: 'x', programs: [{}] }) : undefined,
  });
  return mod[method](req, { params: Promise.resolve(paramsOf(file)) });
}
