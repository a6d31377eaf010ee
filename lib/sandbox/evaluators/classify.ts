// Turns the sandbox's typed result of one evaluation into an EvaluationOutcome: whose fault a
// failure is (the candidate's, the evaluator's, the machine's) and the score. Pure.
import type { SandboxResult, SandboxStatus } from '../../contracts/sandboxTypes';
import type { HarnessReport } from './harness';
import type { EvaluationOutcome, EvaluatorContract } from '../../contracts/evaluatorTypes';

/** Statuses of the whole evaluation that a candidate causes (it looped, allocated, forked...). */
const CANDIDATE_LIMITS: SandboxStatus[] = ['timeout', 'memory', 'pids', 'output-limit'];

/** combined_score, else score, when a finite number (numeric strings from JSON included). */
export function scoreOf(metrics: Record<string, unknown>): number | null {
  for (const key of ['combined_score', 'score']) {
    const v = metrics[key];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n)) return n;
    if (key in metrics) return null;
  }
  return null;
}

/**
 * A failure the evaluator reports in its metrics: an `error` message, `correct: false`, or
 * OpenEvolve's error dict ({"error": 0.0}, numeric error with no score). A numeric `error` next
 * to a finite score is taken as a metric (some tasks measure an error), not as a failure.
 */
export function reportedFailure(metrics: Record<string, unknown>): string | null {
  const err = metrics.error;
  if (typeof err === 'string' && err.trim() !== '') return err.trim();
  if (metrics.correct === false) {
    const why = metrics.text_feedback ?? metrics.message;
    return typeof why === 'string' && why.trim() ? why.trim() : 'the evaluator reported the candidate incorrect';
  }
  if (typeof err === 'number' && scoreOf(metrics) === null) return `the evaluator reported an error (error: ${err})`;
  return null;
}

/** The metrics on the last non-empty line of stdout, when it is a JSON object. */
export function lastLineMetrics(stdout: string): Record<string, unknown> | null {
  const lines = stdout.split('\n').map((l) => l.trim()).filter(Boolean);
  const last = lines.at(-1);
  if (!last) return null;
  try {
    // Python's json.dumps writes NaN/Infinity: accept them as strings, as the harnesses do.
    const v: unknown = JSON.parse(last.replace(/(?<=[:[,]\s*)(-?Infinity|NaN)(?=\s*[,\]}])/g, '"$1"'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function parseReport(text: string | undefined): HarnessReport | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as HarnessReport;
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}

const tail = (s: string, n = 300) => {
  const t = s.trim();
  return t.length > n ? `…${t.slice(-n)}` : t;
};

export function classify(contract: EvaluatorContract, r: SandboxResult, testSet: 'public' | 'private'): EvaluationOutcome {
  const base = {
    sandboxStatus: r.status,
    testSet,
    stdout: r.stdout.text,
    stderr: r.stderr.text,
    wallMs: r.wallMs,
    cpuMs: r.cpuMs,
    peakMemoryKb: r.peakMemoryKb,
  };
  let artifacts: Record<string, unknown> = {};
  const out = (status: EvaluationOutcome['status'], metrics: Record<string, unknown>, message?: string): EvaluationOutcome => ({
    ...base,
    status,
    metrics,
    ...(Object.keys(artifacts).length ? { artifacts } : {}),
    score: status === 'ok' ? scoreOf(metrics) : null,
    ...(message ? { message } : {}),
  });

  if (r.status === 'sandbox-error' || r.status === 'compile-error') {
    return out('sandbox-error', {}, r.message ?? 'the sandbox could not run the evaluation');
  }
  if (CANDIDATE_LIMITS.includes(r.status)) {
    return out('candidate-error', {}, r.message ?? `the evaluation was stopped: ${r.status}`);
  }

  let metrics: Record<string, unknown> | null;
  if (contract === 'command') {
    metrics = lastLineMetrics(r.stdout.text);
    if (!metrics) {
      const why = r.stdout.dropped ? 'its output passed the kept 1 MiB, so the last line was lost' : 'the last line of its output is not a JSON object';
      const code = r.exitCode ? ` (exit code ${r.exitCode})` : '';
      return out('evaluator-error', {}, `the evaluator command printed no metrics${code}: ${why}${r.stderr.text.trim() ? `; stderr: ${tail(r.stderr.text)}` : ''}`);
    }
  } else {
    const rep = parseReport(r.result);
    if (!rep) {
      const code = r.exitCode != null ? `exit code ${r.exitCode}` : `signal ${r.signal ?? 'unknown'}`;
      return out('evaluator-error', {}, `the evaluator returned nothing (${code})${r.stderr.text.trim() ? `: ${tail(r.stderr.text)}` : ''}`);
    }
    artifacts = rep.artifacts ?? {};
    if (rep.failure) {
      const status = rep.failure.by === 'candidate' ? 'candidate-error' : 'evaluator-error';
      return out(status, rep.metrics ?? {}, rep.failure.message);
    }
    if (!rep.metrics) return out('evaluator-error', {}, 'the evaluator returned no metrics');
    metrics = rep.metrics;
    if (rep.correct === false) metrics = { ...metrics, correct: false };
  }
  const failure = reportedFailure(metrics);
  if (failure) return out('candidate-error', metrics, failure);
  return out('ok', metrics);
}
