// POST /api/reviews/[sessionId]/import {reviewer, text} - store a gold JSONL file (EvoReplay's
// shape, e.g. an export) as a reviewer's labelling of the session, matched by run + child_id.
// Any bad line (named by number) refuses the whole file: nothing is stored. The reviewer is a
// user id, 'local', or 'gold:<name>' for a labelling made outside Evoscope.
import { ApiError, handle, jsonBody } from '@/lib/http/handler';
import { audit } from '@/lib/db/audit';
import { unknownUsers } from '@/lib/db/reviews';
import { importGold } from '@/lib/db/reviewLabels';
import { sessionOr404 } from '@/lib/http/reviewAccess';
import { parseGold } from '@/lib/review/gold';
import { GOLD_REVIEWER, LOCAL_REVIEWER } from '@/lib/review/reviewer';
import { importGoldSchema, sessionParamsSchema } from '@/lib/review/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handle(async (req, params, { actor }) => {
  const { sessionId } = sessionParamsSchema.parse(params);
  const body = importGoldSchema.parse(await jsonBody(req));
  await sessionOr404(sessionId);
  // 'gold:<name>': a labelling made elsewhere (EvoReplay, a colleague without an account).
  if (body.reviewer === LOCAL_REVIEWER && actor.kind !== 'local') {
    throw new ApiError(400, `reviewer "${LOCAL_REVIEWER}" exists only on the single-user workbench: name a user, or "gold:<name>"`);
  }
  if (body.reviewer !== LOCAL_REVIEWER && !GOLD_REVIEWER.test(body.reviewer)) {
    if ((await unknownUsers([body.reviewer])).length) throw new ApiError(400, `unknown reviewer "${body.reviewer}": a user id, "${LOCAL_REVIEWER}", or "gold:<name>" for a labelling made elsewhere`);
  }
  const parsed = parseGold(body.text);
  if (!parsed.ok) return Response.json({ error: `the file was not imported: ${parsed.errors.slice(0, 20).join('; ')}`, errors: parsed.errors }, { status: 400 });
  const out = await importGold(sessionId, body.reviewer, parsed.lines);
  if ('errors' in out) return Response.json({ error: `the file was not imported: ${out.errors.slice(0, 20).join('; ')}`, errors: out.errors }, { status: 400 });
  await audit(actor, 'review.import', { kind: 'review-session', id: sessionId }, { reviewer: body.reviewer, items: out.imported });
  return out;
}, { permission: 'review-admin', body: { maxBytes: 60 * 1024 ** 2 } });
