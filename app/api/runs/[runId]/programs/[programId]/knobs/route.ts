// GET /api/runs/[runId]/programs/[programId]/knobs - the offline knob proposal (tree-sitter literals, stated rules) and the rules table
// POST { source: 'llm' } - the LLM's proposal with the paper's B.9 prompt, each spec checked against the program
import { z } from 'zod';
import { ApiError, found, handle, jsonBody } from '@/lib/http/handler';
import { programParamsSchema } from '@/lib/contracts/api/params';
import { initParsers } from '@/lib/analysis/treeSitter';
import { LLM_NOT_CONFIGURED } from '@/lib/db/judgeBatches';
import { getProgramSource } from '@/lib/db/programs';
import { getRun } from '@/lib/db/runs';
import { knobLanguage } from '@/lib/interventions/context';
import { findKnobsOffline, RULES } from '@/lib/interventions/knobs/offline';
import { KnobLlmError, proposeKnobsWithLlm } from '@/lib/services/experiments/knobsLlm';
import { loadLlmSettings } from '@/lib/services/llmSettings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const postSchema = z.object({ source: z.literal('llm', { error: 'source must be "llm" (the offline proposal is GET)' }) });

/** The program's source and its tree-sitter language, or a 404 / 422 naming what is missing. */
async function loadProgram(runId: string, programId: string) {
  const run = found(await getRun(runId), 'run');
  const program = found(await getProgramSource(runId, programId), 'program');
  const stored = program.language ?? run.language ?? '';
  const language = knobLanguage(stored);
  if (!language) throw new ApiError(422, `program ${program.externalId} is written in ${stored ? `"${stored}"` : 'an unknown language'}: knobs can be found in Python and C/C++ programs only`);
  await initParsers();
  return { source: program.code, language };
}

export const GET = handle<{ runId: string; programId: string }>(async (_req, params) => {
  const { runId, programId } = programParamsSchema.parse(params);
  const { source, language } = await loadProgram(runId, programId);
  return { ...findKnobsOffline(source, language), rules: RULES };
}, { permission: 'read' });

export const POST = handle<{ runId: string; programId: string }>(async (req, params) => {
  const { runId, programId } = programParamsSchema.parse(params);
  postSchema.parse(await jsonBody(req));
  const { source, language } = await loadProgram(runId, programId);
  const settings = await loadLlmSettings();
  if (!settings) throw new ApiError(409, LLM_NOT_CONFIGURED);
  try {
    return await proposeKnobsWithLlm(source, language, { settings, signal: req.signal });
  } catch (e) {
    if (e instanceof KnobLlmError) throw new ApiError(502, e.message);
    throw e;
  }
}, { permission: 'jobs' });
