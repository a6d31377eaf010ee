// Test helpers for the live-ingestion API: the token comes from the settings page, as a user
// would copy it from there.
import { expect, type APIRequestContext } from '@playwright/test';

let token: string | null = null;

export async function ingestToken(request: APIRequestContext): Promise<string> {
  if (token) return token;
  const html = await (await request.get('/settings')).text();
  const m = /data-testid="ingest-token"[^>]*>(evo_[A-Za-z0-9_-]+)</.exec(html);
  expect(m, 'the settings page shows the ingestion token').not.toBeNull();
  token = m![1];
  return token;
}

export async function createLiveRun(request: APIRequestContext, name: string) {
  const res = await request.post('/api/ingest/runs', {
    headers: { authorization: `Bearer ${await ingestToken(request)}` },
    data: { name, framework: 'custom', scoreMetric: 'score' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { runId: string; url: string };
}

export async function postPrograms(request: APIRequestContext, runId: string, programs: object[]) {
  const res = await request.post(`/api/ingest/runs/${runId}/programs`, {
    headers: { authorization: `Bearer ${await ingestToken(request)}` },
    data: { programs },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}
