// A program's knobs, proposed before any tuning (the knobs panel): offline by the tree-sitter
// rules (with the rules table), or by the configured LLM with the paper's B.9 prompt, each spec
// checked against the program. Errors are ApiErrors naming what is missing.
import { initParsers } from '../../analysis/treeSitter';
import { ApiError, found } from '../../contracts/apiError';
import { LLM_NOT_CONFIGURED } from '../../db/judgeBatches';
import { getProgramSource } from '../../db/programs';
import { getRun } from '../../db/runs';
import { knobLanguage } from '../../interventions/context';
import { findKnobsOffline, RULES } from '../../interventions/knobs/offline';
import { loadLlmSettings } from '../llmSettings';
import { KnobLlmError, proposeKnobsWithLlm } from './knobsLlm';

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

export async function offlineKnobProposal(runId: string, programId: string) {
  const { source, language } = await loadProgram(runId, programId);
  return { ...findKnobsOffline(source, language), rules: RULES };
}

export async function llmKnobProposal(runId: string, programId: string, signal: AbortSignal) {
  const { source, language } = await loadProgram(runId, programId);
  const settings = await loadLlmSettings();
  if (!settings) throw new ApiError(409, LLM_NOT_CONFIGURED);
  try {
    return await proposeKnobsWithLlm(source, language, { settings, signal });
  } catch (e) {
    if (e instanceof KnobLlmError) throw new ApiError(502, e.message);
    throw e;
  }
}
