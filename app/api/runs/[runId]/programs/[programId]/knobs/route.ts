// GET /api/runs/[runId]/programs/[programId]/knobs - the offline knob proposal (tree-sitter literals, stated rules) and the rules table
// POST { source: 'llm' } - the LLM's proposal with the paper's B.9 prompt, each spec checked against the program
import { z } from 'zod';
import { handle, jsonBody } from '@/lib/http/handler';
import { programParamsSchema } from '@/lib/contracts/api/params';
import { llmKnobProposal, offlineKnobProposal } from '@/lib/services/experiments/knobProposal';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const postSchema = z.object({ source: z.literal('llm', { error: 'source must be "llm" (the offline proposal is GET)' }) });

export const GET = handle<{ runId: string; programId: string }>(async (_req, params) => {
  const { runId, programId } = programParamsSchema.parse(params);
  return offlineKnobProposal(runId, programId);
}, { permission: 'read' });

export const POST = handle<{ runId: string; programId: string }>(async (req, params) => {
  const { runId, programId } = programParamsSchema.parse(params);
  postSchema.parse(await jsonBody(req));
  return llmKnobProposal(runId, programId, req.signal);
}, { permission: 'jobs' });
