// The 'diagnose' experiment (issue 13, items 3-4): the seed's eval agent run post hoc on a run.
// The experiment's program is the diagnosed one (chosen at request time by diagnosisTarget: the
// best since the previous diagnosis, up to the trigger generation). The configured LLM gets the
// task message (lib/diagnosis/prompt.ts) with the change log, and the tools (lib/services/diagnosis/tools.ts,
// all in the sandbox), in a loop bounded by tool calls, tokens and wall time (lib/diagnosis/agent.ts).
// Every exchange is one experiment_calls row (phase 'llm': request and response blobs, usage), every
// tool call another ('tool:<name>': arguments, the result text the model saw, sandbox status, wall
// ms); the report's numbers link to them by idx. Then the diagnosis is stored (lib/db/diagnoses.ts),
// the agent candidate evaluated against the diagnosed program (one more row, phase 'candidate'),
// the aux script stored and, when there is one, an 'aux' experiment queued to run it over the run.
//
// Resume (worker restart, Ctrl-C then --resume): the stored exchanges are RE-FED, not asked again.
// The conversation is rebuilt from the first exchange's stored request (its system and task
// messages), then each stored LLM row gives back its stored answer and each stored tool row its
// stored result text, in idx order, so the model is asked only from the first exchange without a
// row on; the loop is deterministic given those, so the idx of every later call is the same.
import { runAgent, capResult, DEFAULT_RESULT_CHARS, type AgentDeps, type ChatStep } from '../../diagnosis/agent';
import { buildChangeLog, changeLogText } from '../../diagnosis/changeLog';
import { diagnosisMessages } from '../../diagnosis/prompt';
import { linkClaims, parseReport, reportMarkdown } from '../../diagnosis/report';
import { DIAGNOSIS_TOOL_SPECS, runDiagnosisTool } from '../diagnosis/tools';
import { DIAGNOSIS_TOOLS, diagnoseParamsSchema, type DiagnoseExperimentReport, type DiagnoseParams, type DiagnosisReport, type DiagnosisToolName } from '../../trace/diagnosis';
import { ExperimentFailure, type ExperimentContext } from '../../interventions/context';
import { chatTools, LlmAbortedError } from '../../llm/client';
import type { ToolCallRequest, ToolChatMessage } from '../../contracts/llmTypes';
import { pool } from '../../db/client';
import { insertDiagnosis, updateDiagnosisReport } from '../../db/diagnoses';
import { auxHistory, changeLogPrograms, diagnosisTarget, programGeneration, readTestResults, scoreHistory } from '../../db/diagnosisData';
import { experimentLlmSettings } from './replay';
import { createExperiment, ExperimentInputError, listCalls, requireEvaluator } from '../../db/experiments';
import type { StoredCall } from '../../contracts/interventionTypes';
import type { ExperimentView } from '../../contracts/interventionTypes';
import { enqueueExperiment } from '../../db/jobQueue';
import { evaluateProgram } from '../../sandbox/evaluators/evaluate';

/** Most characters of a tool call's arguments kept on its row. */
const MAX_INPUT_CHARS = 20_000;

/** The agent's wall-clock cap (EVOSCOPE_DIAGNOSIS_WALL_MS shortens it for tests). */
export function diagnosisWallMs(): number {
  const v = Number(process.env.EVOSCOPE_DIAGNOSIS_WALL_MS);
  return Number.isFinite(v) && v > 0 ? v : 20 * 60_000;
}

const evaluatorLine = (ctx: ExperimentContext<unknown>) => {
  const e = ctx.evaluator;
  const files = Object.keys(e.files).filter((f) => f !== e.programFile).slice(0, 20);
  return `${e.contract} contract${e.entry ? ` (${e.entry})` : ''}${e.command ? `, command ${e.command}` : ''}; the program is ${e.programFile}; evaluator files: ${files.join(', ') || 'none'}; timeout ${e.timeoutSeconds} s`;
};

export async function runDiagnoseExperiment(ctx: ExperimentContext<DiagnoseParams>): Promise<DiagnoseExperimentReport> {
  const params = diagnoseParamsSchema.parse(ctx.params ?? {});
  const { program, run } = ctx;
  const settings = await experimentLlmSettings();

  const target = await diagnosisTarget(run.id, params.atGeneration);
  const triggerGeneration = target?.triggerGeneration ?? params.atGeneration ?? (await programGeneration(program.id)) ?? 0;
  const fromGeneration = target?.fromGeneration ?? null;
  const history = await scoreHistory(run.id, triggerGeneration, run.higherIsBetter);
  const aux = target?.previous ? await auxHistory(target.previous.id, triggerGeneration, run.higherIsBetter) : [];
  // The change log covers what was tried since the previous trigger; a first diagnosis looks back K generations.
  const logFrom = fromGeneration ?? (triggerGeneration - params.k >= 0 ? triggerGeneration - params.k : null);
  const window = await changeLogPrograms(run.id, logFrom, triggerGeneration);
  const built = buildChangeLog(window.programs);
  const omitted = built.omitted + (window.total - window.programs.length);
  const changeText = changeLogText(built.entries, {
    higherIsBetter: run.higherIsBetter, fromGeneration: logFrom, toGeneration: triggerGeneration, omitted,
    fromLabel: fromGeneration !== null ? 'the previous diagnosis' : `the last ${params.k} generations`,
  });

  // Resume: the stored rows with their result texts (the driver's map leaves logs out).
  const stored = new Map<number, StoredCall>(ctx.stored.size ? (await listCalls(ctx.experimentId, { logs: true })).map((c) => [c.idx, c]) : []);
  let initial: ToolChatMessage[];
  const first = stored.get(0);
  // The change log the agent was given (the first exchange keeps it): a resume reports that one, not today's.
  const changeLog = (first?.facts?.changeLog as DiagnosisReport['changeLog'] | undefined) ?? built.entries;
  const firstRequest = first?.requestSha ? await ctx.getBlob(first.requestSha) : null;
  if (firstRequest) initial = (JSON.parse(firstRequest) as { messages: ToolChatMessage[] }).messages.slice(0, 2);
  else {
    initial = diagnosisMessages({
      run: { name: run.name, framework: run.framework, scoreMetric: run.scoreMetric, higherIsBetter: run.higherIsBetter },
      program: { externalId: program.externalId, generation: await programGeneration(program.id), score: program.score, language: program.language, source: program.source, programFile: ctx.evaluator.programFile },
      triggerGeneration,
      fromGeneration,
      previous: target?.previous ?? null,
      scoreHistory: history,
      auxHistory: aux.length ? aux : null,
      changeLog: changeText,
      evaluator: evaluatorLine(ctx),
      maxToolCalls: params.maxToolCalls,
      wants: { auxMetrics: params.auxMetrics, agentCandidate: params.agentCandidate },
    });
  }

  let tokens = 0;
  let toolCalls = 0;
  const partial = (over: Partial<DiagnoseExperimentReport> = {}): DiagnoseExperimentReport => ({
    kind: 'diagnose', diagnosisId: null, triggerGeneration, toolCalls, tokens, stoppedBy: null, auxExperimentId: null, ...over,
  });
  await ctx.progress({ total: params.maxToolCalls, phase: `diagnosing ${program.externalId} (generation ${triggerGeneration}) with ${settings.model}`, result: partial() });

  // The wall-clock cap also cuts what is in flight (an LLM call, a sandbox): the agent then stops with 'time'.
  const wallMs = diagnosisWallMs();
  const clock = new AbortController();
  const timer = setTimeout(() => clock.abort(new Error('the diagnosis ran out of time')), wallMs);
  const signal = AbortSignal.any([ctx.signal, clock.signal]);
  const timeUp = () => clock.signal.aborted && !ctx.signal.aborted;
  const none = { promptTokens: 0, completionTokens: 0, costUsd: 0 };

  const deps: AgentDeps = {
    chat: async (idx, messages, tools, maxTokens): Promise<ChatStep> => {
      const s = stored.get(idx);
      if (s?.phase === 'llm' && s.responseSha) {
        const answer = JSON.parse((await ctx.getBlob(s.responseSha)) ?? '{}') as { content?: string | null; toolCalls?: ToolCallRequest[] };
        const u = (s.llm ?? {}) as { promptTokens?: number; completionTokens?: number; costUsd?: number };
        const usage = { promptTokens: u.promptTokens ?? 0, completionTokens: u.completionTokens ?? 0, costUsd: u.costUsd ?? 0 };
        tokens += usage.promptTokens + usage.completionTokens;
        return { ok: true, content: answer.content ?? null, toolCalls: answer.toolCalls ?? [], usage };
      }
      const requestSha = await ctx.putBlob(JSON.stringify({ model: settings.model, messages, tools: tools.map((t) => t.name), maxTokens }));
      let r;
      try {
        if (timeUp()) throw new LlmAbortedError();
        r = await chatTools(settings, { messages, tools, maxTokens, signal });
      } catch (e) {
        if (timeUp()) return { ok: false, reason: 'the wall-clock cap ran out during the exchange', usage: none, stopped: 'time' };
        if (e instanceof LlmAbortedError || ctx.signal.aborted) throw new LlmAbortedError();
        throw e;
      }
      tokens += r.usage.promptTokens + r.usage.completionTokens;
      // A refused request (bad key, unknown model) ends the experiment; it stores no row, so a resume asks again.
      if (!r.ok && r.kind === 'refused') throw new ExperimentFailure(`the LLM refused the request: ${r.reason}`);
      const llm = { model: r.ok ? r.model : settings.model, attempts: r.attempts, ...r.usage, ...(r.ok ? {} : { failure: r.kind, reason: r.reason }) };
      const input = { turn: idx, messages: messages.length, tools: tools.length };
      if (!r.ok) {
        await ctx.storeCall({ idx, phase: 'llm', input, requestSha, llm, status: 'llm-error', score: null, errors: r.reason, ...(idx === 0 ? { facts: { changeLog } } : {}) });
        return { ok: false, reason: r.reason, usage: r.usage };
      }
      const responseSha = await ctx.putBlob(JSON.stringify({ content: r.message.content, toolCalls: r.message.toolCalls }));
      await ctx.storeCall({ idx, phase: 'llm', input, requestSha, responseSha, llm, status: 'ok', score: null, output: r.message.content, ...(idx === 0 ? { facts: { changeLog } } : {}) });
      return { ok: true, content: r.message.content, toolCalls: r.message.toolCalls, usage: r.usage };
    },
    runTool: async (idx, name, args) => {
      toolCalls++;
      const s = stored.get(idx);
      if (s && s.output !== null) return { text: s.output };
      const result = await runDiagnosisTool(
        {
          program: { source: program.source, language: program.language },
          evaluate: (src) => evaluateProgram(ctx.evaluator, { source: src, language: program.language }, { signal }),
          readResults: (ref) => readTestResults(run.id, ref, program.id),
          signal,
        },
        name as DiagnosisToolName,
        args,
      );
      if (ctx.signal.aborted) throw new LlmAbortedError(); // a cancelled sandbox is not a result
      if (timeUp()) result.text = `not finished: the wall-clock cap of the diagnosis ran out\n${result.text}`;
      const text = capResult(result.text, DEFAULT_RESULT_CHARS);
      const sourceSha = result.source !== undefined ? await ctx.putBlob(result.source) : null;
      let input: Record<string, unknown> = args && typeof args === 'object' && !Array.isArray(args) ? { ...(args as Record<string, unknown>) } : { value: args };
      // Variant sources are in their blob; the row keeps the arguments light (a hostile agent's huge ones as a preview).
      if (typeof input.source === 'string') input.source = `(${input.source.length} characters, blob ${sourceSha})`;
      const inputText = JSON.stringify(input);
      if (inputText.length > MAX_INPUT_CHARS) input = { truncated: true, characters: inputText.length, preview: inputText.slice(0, 2000) };
      await ctx.storeCall({
        idx, phase: `tool:${name}`, input, sourceSha, status: result.status, score: result.score ?? null, metrics: result.metrics ?? null,
        sandboxStatus: result.sandboxStatus ?? null, wallMs: result.wallMs ?? null, output: text, facts: { tool: name },
      });
      await ctx.progress({ phase: `${toolCalls} of at most ${params.maxToolCalls} tool calls`, result: partial() });
      return { text };
    },
    refuseTool: async (idx, name, raw, reason) => {
      toolCalls++;
      if (stored.has(idx)) return;
      const known = (DIAGNOSIS_TOOLS as readonly string[]).includes(name);
      await ctx.storeCall({ idx, phase: `tool:${known ? name : 'unknown'}`, input: { name: name.slice(0, 200), arguments: raw.slice(0, 2000) }, status: 'refused', score: null, output: `error: ${reason}`, facts: { tool: name.slice(0, 200) } });
    },
  };

  let agent;
  try {
    agent = await runAgent(initial, DIAGNOSIS_TOOL_SPECS, deps, { maxToolCalls: params.maxToolCalls, maxTokens: params.maxTokens, wallMs });
  } finally {
    clearTimeout(timer);
  }
  if (ctx.signal.aborted) throw new LlmAbortedError();

  const parsed = parseReport(agent.finalText ?? '', { auxMetrics: params.auxMetrics, agentCandidate: params.agentCandidate });
  const gotReport = Object.values(parsed.parts).some(Boolean);
  const stoppedBy = agent.stoppedBy ?? (gotReport ? null : 'no-report');
  const missing = [...(agent.failure ? [`the LLM failed: ${agent.failure}`] : []), ...(agent.finalText === null ? ['the agent gave no final answer'] : []), ...parsed.missing];
  const claims = linkClaims(parsed.parts, agent.results);

  // The agent candidate: evaluated once (one row, after the conversation's), against the diagnosed program.
  let agentCandidate: DiagnosisReport['agentCandidate'] = null;
  let agentCandidateSha: string | null = null;
  if (parsed.candidate !== null && params.agentCandidate) {
    agentCandidateSha = await ctx.putBlob(parsed.candidate);
    // The agent numbered its exchanges and tool calls 0 .. llmCalls + toolCalls - 1.
    const idx = agent.llmCalls + agent.toolCalls;
    const done = stored.get(idx);
    let status: string;
    let score: number | null;
    if (done?.phase === 'candidate') {
      status = done.status;
      score = done.score;
    } else {
      const o = await ctx.evaluate(parsed.candidate, program.language);
      if (ctx.signal.aborted) throw new LlmAbortedError();
      status = o.status;
      score = o.status === 'ok' ? o.score : null;
      await ctx.storeCall({ idx, phase: 'candidate', input: { against: program.externalId }, sourceSha: agentCandidateSha, status, score, metrics: o.metrics, sandboxStatus: o.sandboxStatus, wallMs: o.wallMs, output: o.stdout, errors: [o.message, o.stderr].filter(Boolean).join('\n') || null });
    }
    const best = program.score;
    const gain = score !== null && best !== null ? (run.higherIsBetter ? score - best : best - score) : null;
    agentCandidate = { status, score, bestScore: best, gain, programId: null };
  }
  const auxScriptSha = parsed.auxScript !== null && params.auxMetrics ? await ctx.putBlob(parsed.auxScript) : null;

  const report: DiagnosisReport = {
    ...parsed.parts,
    claims,
    auxMetricNames: [],
    trivialMetrics: [],
    changeLog,
    bounds: { toolCalls: agent.toolCalls, maxToolCalls: params.maxToolCalls, tokens: agent.tokens, maxTokens: params.maxTokens, stoppedBy },
    agentCandidate,
    missing,
  };
  const reportMd = reportMarkdown(parsed.parts, claims);
  // Once per experiment (diagnoses.experiment_id is unique): a resume after this point updates it.
  const existing = await pool().query<{ id: string }>('SELECT id FROM diagnoses WHERE experiment_id = $1', [ctx.experimentId]);
  let diagnosisId = existing.rows[0]?.id ?? null;
  if (diagnosisId) await updateDiagnosisReport(pool(), diagnosisId, report);
  else {
    diagnosisId = await insertDiagnosis(pool(), {
      runId: run.id, origin: 'evoscope', experimentId: ctx.experimentId, triggerGeneration, programId: program.id, reportMd, report, auxScriptSha, agentCandidateSha,
    });
  }

  let auxExperimentId: string | null = null;
  if (auxScriptSha) {
    const queued = await pool().query<{ id: string }>(`SELECT id FROM experiments WHERE run_id = $1 AND kind = 'aux' AND params ->> 'diagnosisId' = $2 LIMIT 1`, [run.id, diagnosisId]);
    auxExperimentId = queued.rows[0]?.id ?? null;
    if (!auxExperimentId) {
      const x = await createExperiment({ runId: run.id, programId: program.id, params: { kind: 'aux', diagnosisId, timeoutSeconds: 30 } });
      auxExperimentId = x.id;
      if (x.status === 'queued') await enqueueExperiment(x.id);
    }
  }
  // Every exchange, tool call and candidate evaluation is one row: the planned total is what ran.
  await ctx.progress({ total: agent.llmCalls + agent.toolCalls + (agentCandidate ? 1 : 0), phase: null });
  ctx.log(`diagnosis ${diagnosisId}: ${agent.toolCalls} tool call(s), ${agent.tokens} tokens${stoppedBy ? `, stopped by ${stoppedBy}` : ''}`);
  return partial({ diagnosisId, toolCalls: agent.toolCalls, tokens: agent.tokens, stoppedBy, auxExperimentId });
}

/**
 * Stores a diagnosis request (API, CLI): the experiment's program is the diagnosed one, the best
 * since the previous diagnosis up to params.atGeneration (default: the run's last generation).
 * Throws ExperimentInputError: 404 when the run does not exist, 409 when it has no scored program
 * up to that generation. A run without an evaluator gets the experiment failed with the message
 * saying how to attach one (createExperiment).
 */
export async function createDiagnoseExperiment(runId: string, input: unknown, createdBy: string | null = null): Promise<ExperimentView> {
  const params = diagnoseParamsSchema.parse(input ?? {});
  const exists = await pool().query('SELECT 1 FROM runs WHERE id = $1', [runId]);
  if (!exists.rowCount) throw new ExperimentInputError(404, `no run ${runId}`);
  await requireEvaluator(runId);
  const target = await diagnosisTarget(runId, params.atGeneration);
  if (!target) throw new ExperimentInputError(409, `run ${runId} has no scored program${params.atGeneration !== undefined ? ` up to generation ${params.atGeneration}` : ''} to diagnose`);
  return createExperiment({ runId, programId: target.programId, params: { kind: 'diagnose', ...params }, createdBy });
}
