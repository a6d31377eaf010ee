// The eval agent's tools (OpenAI function calling), every one run in the real sandbox
// (lib/sandbox, lib/evaluators): run_program (the diagnosed program or a variant the agent
// writes, on stdin and input files it writes), compile_program (C/C++: g++ -O2 -std=gnu++17;
// Python: py_compile), evaluate_program (the run's evaluator on the program or a variant) and
// read_test_results (a stored evaluation of a program of the run: injected, it reads the
// database). Arguments are checked with zod; a bad one is an error text for the model, never a
// crash. Results are plain text the model reads (capped by the agent loop) plus facts kept on the
// experiment_calls row.
import { z } from 'zod';
import type { EvaluationOutcome } from '../../contracts/evaluatorTypes';
import type { ToolSpec } from '../../contracts/llmTypes';
import { compileProgram } from '../../sandbox/cpp';
import { normaliseLanguage } from '../../sandbox/program';
import { runSandbox, sandboxError } from '../../sandbox/run';
import type { SandboxFile, SandboxResult } from '../../contracts/sandboxTypes';
import type { DiagnosisToolName } from '../../trace/diagnosis';

const MAX_SOURCE = 400_000;
const MAX_INPUT = 4 * 1024 * 1024;
const MAX_STREAM_CHARS = 20_000;

const sourceArg = z.string().max(MAX_SOURCE).optional();
const languageArg = z.enum(['python', 'cpp', 'c']).optional();

export const toolArgSchemas = {
  run_program: z.object({
    source: sourceArg,
    language: languageArg,
    stdin: z.string().max(MAX_INPUT).optional(),
    files: z.array(z.object({ path: z.string().min(1).max(200), content: z.string().max(MAX_INPUT) })).max(20).optional(),
    args: z.array(z.string().max(1000)).max(50).optional(),
    timeout_seconds: z.number().min(1).max(60).optional(),
  }),
  compile_program: z.object({ source: sourceArg, language: languageArg }),
  evaluate_program: z.object({ source: sourceArg }),
  read_test_results: z.object({ program: z.string().max(200).optional() }),
} satisfies Record<DiagnosisToolName, z.ZodType>;

const SOURCE_DOC = 'A variant of the program to use instead (the whole file); omit it to use the diagnosed program.';

export const DIAGNOSIS_TOOL_SPECS: ToolSpec[] = [
  {
    name: 'run_program',
    description: 'Runs the diagnosed program (or a variant you write) in a sandbox on the stdin and input files you give. Returns exit status, wall time, stdout and stderr.',
    parameters: {
      type: 'object',
      properties: {
        source: { type: 'string', description: SOURCE_DOC },
        language: { type: 'string', enum: ['python', 'cpp', 'c'], description: "The variant's language (default: the program's)." },
        stdin: { type: 'string' },
        files: { type: 'array', description: 'Input files written beside the program (relative paths).', items: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] } },
        args: { type: 'array', items: { type: 'string' } },
        timeout_seconds: { type: 'number', description: 'Wall-clock limit, 1-60 (default 10).' },
      },
    },
  },
  {
    name: 'compile_program',
    description: 'Compiles the program or a variant (C/C++: g++ -O2 -std=gnu++17; Python: py_compile) and returns the compiler errors, if any.',
    parameters: { type: 'object', properties: { source: { type: 'string', description: SOURCE_DOC }, language: { type: 'string', enum: ['python', 'cpp', 'c'] } } },
  },
  {
    name: 'evaluate_program',
    description: "Runs the run's own evaluator on the program or a variant: status, score, metrics and per-test results where the evaluator gives them, and its output.",
    parameters: { type: 'object', properties: { source: { type: 'string', description: SOURCE_DOC } } },
  },
  {
    name: 'read_test_results',
    description: "Reads the stored evaluation of a program of the run (default: the diagnosed one): score, metrics, per-test scores, the evaluator's output and errors.",
    parameters: { type: 'object', properties: { program: { type: 'string', description: "A program's id as the change log names it (default: the diagnosed program)." } } },
  },
];

/** What one tool call gave: the text for the model and what the experiment_calls row keeps. */
export interface ToolResult {
  status: 'ok' | 'error';
  text: string;
  sandboxStatus?: string;
  wallMs?: number;
  score?: number | null;
  metrics?: Record<string, unknown>;
  /** The variant's source, when the agent wrote one (stored as a blob). */
  source?: string;
}

export interface ToolContext {
  program: { source: string; language: string };
  evaluate(source: string): Promise<EvaluationOutcome>;
  /** The stored evaluation of a program (external id; undefined: the diagnosed one), as text, or null when unknown. */
  readResults(program: string | undefined): Promise<string | null>;
  signal?: AbortSignal;
}

const stream = (label: string, s: SandboxResult['stdout']) =>
  `${label} (${s.bytes} bytes${s.dropped ? `, ${s.dropped} dropped` : ''}):\n${s.text.length > MAX_STREAM_CHARS ? `${s.text.slice(0, MAX_STREAM_CHARS)}\n... (cut)` : s.text}`;

function sandboxText(r: SandboxResult): string {
  return [
    `status: ${r.status}${r.exitCode !== null ? `, exit code ${r.exitCode}` : ''}${r.signal ? `, signal ${r.signal}` : ''}`,
    `wall time: ${Math.round(r.wallMs)} ms, cpu time: ${Math.round(r.cpuMs)} ms, peak memory: ${r.peakMemoryKb} KB`,
    r.message && r.status !== 'ok' ? `message: ${r.message}` : null,
    stream('stdout', r.stdout),
    stream('stderr', r.stderr),
  ].filter((l) => l !== null).join('\n');
}

const fromSandbox = (r: SandboxResult, source?: string): ToolResult => ({
  status: r.status === 'ok' || r.status === 'exit' ? 'ok' : 'error', text: sandboxText(r), sandboxStatus: r.status, wallMs: r.wallMs, ...(source !== undefined ? { source } : {}),
});

async function runProgramTool(ctx: ToolContext, a: z.infer<typeof toolArgSchemas.run_program>): Promise<ToolResult> {
  const source = a.source ?? ctx.program.source;
  const lang = normaliseLanguage(a.language ?? ctx.program.language);
  if (!lang) return { status: 'error', text: `error: ${a.language ?? ctx.program.language} programs cannot run here` };
  const limits = { wallSeconds: a.timeout_seconds ?? 10, cpuSeconds: a.timeout_seconds ?? 10, keepOutputBytes: 256 * 1024, killOutputBytes: 8 * 1024 * 1024 };
  const inputs: SandboxFile[] = (a.files ?? []).map((f) => ({ path: f.path, content: f.content }));
  if (lang === 'python') {
    const r = await runSandbox({ files: [...inputs, { path: 'main.py', content: source }], command: ['/usr/bin/python3', 'main.py', ...(a.args ?? [])], stdin: a.stdin, limits, env: { PYTHONDONTWRITEBYTECODE: '1', HOME: '/work' }, signal: ctx.signal });
    return fromSandbox(r, a.source);
  }
  const compiled = await compileProgram(source, lang, { signal: ctx.signal });
  if (!compiled.ok) return { ...fromSandbox(compiled.result, a.source), status: 'error', text: `the program did not compile\n${sandboxText(compiled.result)}` };
  const r = await runSandbox({ files: [...inputs, { path: 'main', content: compiled.binary, executable: true }], command: ['./main', ...(a.args ?? [])], stdin: a.stdin, limits, signal: ctx.signal });
  return fromSandbox(r, a.source);
}

async function compileTool(ctx: ToolContext, a: z.infer<typeof toolArgSchemas.compile_program>): Promise<ToolResult> {
  const source = a.source ?? ctx.program.source;
  const lang = normaliseLanguage(a.language ?? ctx.program.language);
  if (!lang) return { status: 'error', text: `error: ${a.language ?? ctx.program.language} programs cannot be compiled here` };
  if (lang === 'python') {
    const r = await runSandbox({ files: [{ path: 'main.py', content: source }], command: ['/usr/bin/python3', '-m', 'py_compile', 'main.py'], limits: { wallSeconds: 20, cpuSeconds: 20 }, signal: ctx.signal });
    const ok = r.status === 'ok';
    return { status: ok ? 'ok' : 'error', text: ok ? 'compiled: no syntax errors (python3 -m py_compile)' : `compile error\n${sandboxText(r)}`, sandboxStatus: r.status, wallMs: r.wallMs, ...(a.source !== undefined ? { source: a.source } : {}) };
  }
  const c = await compileProgram(source, lang, { signal: ctx.signal });
  if (c.ok) return { status: 'ok', text: `compiled: ${lang === 'c' ? 'gcc -O2 -std=gnu17' : 'g++ -O2 -std=gnu++17'}, binary of ${c.binary.length} bytes${c.cached ? ' (cached)' : ''}`, sandboxStatus: 'ok', ...(a.source !== undefined ? { source: a.source } : {}) };
  return { ...fromSandbox(c.result, a.source), status: 'error', text: `compile error\n${c.result.message ?? c.result.stderr.text}` };
}

async function evaluateTool(ctx: ToolContext, a: z.infer<typeof toolArgSchemas.evaluate_program>): Promise<ToolResult> {
  const o = await ctx.evaluate(a.source ?? ctx.program.source);
  const text = [
    `status: ${o.status} (sandbox: ${o.sandboxStatus}), wall time ${Math.round(o.wallMs)} ms`,
    `score: ${o.score ?? 'none'}`,
    o.message ? `message: ${o.message}` : null,
    `metrics: ${JSON.stringify(o.metrics)}`,
    o.artifacts && Object.keys(o.artifacts).length ? `artifacts: ${JSON.stringify(o.artifacts)}` : null,
    o.stdout ? `evaluator stdout:\n${o.stdout.slice(-MAX_STREAM_CHARS)}` : null,
    o.stderr ? `evaluator stderr:\n${o.stderr.slice(-MAX_STREAM_CHARS)}` : null,
  ].filter((l) => l !== null).join('\n');
  return { status: o.status === 'ok' ? 'ok' : 'error', text, sandboxStatus: o.sandboxStatus, wallMs: o.wallMs, score: o.score, metrics: o.metrics, ...(a.source !== undefined ? { source: a.source } : {}) };
}

/** Runs one tool call with arguments already parsed from JSON; bad arguments are an error result. */
export async function runDiagnosisTool(ctx: ToolContext, name: DiagnosisToolName, raw: unknown): Promise<ToolResult> {
  const parsed = toolArgSchemas[name].safeParse(raw ?? {});
  if (!parsed.success) {
    return { status: 'error', text: `error: bad arguments for ${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`).join('; ')}` };
  }
  try {
    switch (name) {
      case 'run_program':
        return await runProgramTool(ctx, parsed.data as z.infer<typeof toolArgSchemas.run_program>);
      case 'compile_program':
        return await compileTool(ctx, parsed.data as z.infer<typeof toolArgSchemas.compile_program>);
      case 'evaluate_program':
        return await evaluateTool(ctx, parsed.data as z.infer<typeof toolArgSchemas.evaluate_program>);
      case 'read_test_results': {
        const program = (parsed.data as z.infer<typeof toolArgSchemas.read_test_results>).program;
        const text = await ctx.readResults(program);
        return text === null ? { status: 'error', text: `error: no program ${JSON.stringify(program)} in this run` } : { status: 'ok', text };
      }
    }
  } catch (e) {
    // The sandbox refusing a request (a file path climbing out, ...) is the agent's error to read.
    return { ...fromSandbox(sandboxError(e instanceof Error ? e.message : String(e))), status: 'error' };
  }
}
