// The run behind a /runs/[runId]/... page: one query per request, shared by the page and its
// metadata (React's cache), and null for an id that is not a uuid or not a run.
import type { Metadata } from 'next';
import { cache } from 'react';
import { runParamsSchema } from '@/lib/contracts/api/params';
import { getRun } from '@/lib/db/runs';
import { waitingForDatabase } from '@/lib/db/unavailable';

export const loadRun = cache(async (runId: string) => {
  const parsed = runParamsSchema.safeParse({ runId });
  // Through a database restart the page waits rather than fails (app/error.tsx after that).
  return parsed.success ? waitingForDatabase(() => getRun(parsed.data.runId)) : null;
});

/** generateMetadata for a run view: "<view> · <run name>". */
export function runViewMetadata(view: string | null) {
  return async ({ params }: { params: Promise<{ runId: string }> }): Promise<Metadata> => {
    const run = await loadRun((await params).runId);
    return { title: run ? (view ? `${view} · ${run.name}` : run.name) : 'Run not found' };
  };
}
