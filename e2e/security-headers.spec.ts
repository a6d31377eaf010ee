// Issue 15 items 8 and 4 on the built app (next start through cli/serve.ts): security
// headers on every page and API answer, TRACE answered 405 with Allow everywhere, an oversized
// JSON body refused with 413, and the pages that run Monaco (web workers) and sigma (WebGL) work
// under the Content-Security-Policy without a single violation.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_RUNS, openProgramWithParent, openRunFromList } from './helpers';

const PAGES = ['/', '/upload', '/settings', '/compare', '/no-such-page'];
const APIS = ['/api/health', '/api/runs', '/api/imports'];

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, what).toMatch(/(^|; )default-src 'self'(;|$)/);
  expect(csp, what).toMatch(/frame-ancestors 'none'/);
  expect(csp, what).toMatch(/object-src 'none'/);
  // Only the app's own origin: no other host or scheme-wide source anywhere in the policy.
  expect(csp, what).not.toMatch(/https?:|\*|wss?:/);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('same-origin');
}

test('every page and API answer carries the security headers', async ({ request }) => {
  for (const url of [...PAGES, ...APIS]) {
    const res = await request.get(url);
    expect(res.status(), url).toBeLessThan(500);
    expectSecurityHeaders(res.headers(), url);
  }
});

test('TRACE is refused with 405 and an Allow header on every path', async ({ request }) => {
  for (const url of [...PAGES, ...APIS, '/api/runs/00000000-0000-0000-0000-000000000000/graph', '/_next/static/x.js']) {
    const res = await request.fetch(url, { method: 'TRACE' });
    expect(res.status(), url).toBe(405);
    expect(res.headers()['allow'], url).toMatch(/GET/);
    expect(res.headers()['x-content-type-options'], url).toBe('nosniff');
  }
});

test('an oversized JSON body is refused with 413 by the built app', async ({ request }) => {
  const body = Buffer.alloc(8 * 1024 ** 2, 0x20); // 8 MB of JSON whitespace: over the 4 MB limit
  const res = await request.post('/api/imports', { data: body, headers: { 'content-type': 'application/json' } });
  expect(res.status()).toBe(413);
  expect((await res.json()).error).toMatch(/larger than this route's limit of 4 MB/);
});

/** Records CSP violations (the DOM event and the console's report) from the page's start. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|create|connect)/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('__cspViolation', (s: string) => seen.push(s));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation: (s: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} on ${location.pathname}`),
    );
  });
  return seen;
}

test('Monaco, the diff editor and the sigma lineage run under the policy with no violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  await openProgramWithParent(page);
  const editor = page.getByTestId('code-editor');
  await expect(editor).toHaveAttribute('data-ready', 'true');
  await expect(editor.locator('.monaco-editor .view-lines')).toBeVisible();
  await page.getByTestId('diff-to-parent-link').click();
  await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('diff-editor').locator('.monaco-diff-editor')).toBeVisible();
  await page.goto(`/runs/${runId}/lineage`);
  const canvas = page.getByTestId('lineage-canvas');
  await expect(canvas).toHaveAttribute('data-state', 'ready');
  await expect(canvas.locator('canvas').first()).toBeVisible();
  expect(violations).toEqual([]);
});
