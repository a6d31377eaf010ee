// Route glue for bodies read from a run's stored analyses (cycling, evolution, best-so-far): the
// body is built once per analyses version (lib/db/runVersion.ts) and then served compressed from
// memory with an ETag (lib/http/versionedBody.ts). At 100k programs the cycling report is tens of
// MB of jsonb that PostgreSQL would otherwise detoast and slice on every request.
import { runAnalysesVersion } from '../db/runVersion';
import { versionedResponse } from './versionedBody';
import { found } from './handler';

/**
 * The response for `build()`'s body, cached per version of the run's analyses; throws 404 when
 * there is no such run; null when `build` returns null (not computed yet: the route answers 202).
 */
export async function analysisResponse(req: Request, runId: string, key: string, build: () => Promise<object | null>): Promise<Response | null> {
  const version = found(await runAnalysesVersion(runId), 'run');
  return versionedResponse(req, {
    key: `${key}:${runId}`,
    version,
    build: async () => {
      const body = await build();
      return body === null ? null : JSON.stringify(body);
    },
  });
}
