// The records of an ImportedRun checked against the trace schemas (lib/trace/schema.ts) before
// anything is stored (importRun.ts): every error an ImportError naming the record.
import { diagnosisRecordSchema, ImportError, programRecordSchema, runRecordSchema, strategyRecordSchema, type ImportedRun } from '../trace/schema';

export function validateImport(imported: ImportedRun) {
  const run = runRecordSchema.safeParse(imported.run);
  if (!run.success) throw new ImportError(`run record: ${run.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const seen = new Set<string>();
  const programs = imported.programs.map((p, i) => {
    const r = validProgram(p, i);
    if (seen.has(r.externalId)) throw new ImportError(`program ${r.externalId} appears twice`);
    seen.add(r.externalId);
    return r;
  });
  // The eval agent's triggers name programs by externalId: each must be one of the run's.
  const diagnoses = (imported.diagnoses ?? []).map((d, i) => {
    const r = diagnosisRecordSchema.safeParse(d);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new ImportError(`diagnosis #${i + 1}: ${issue.path.join('.') || 'record'}: ${issue.message}`);
    }
    const named = [r.data.programExternalId, r.data.agentCandidateExternalId, ...r.data.auxValues.map((v) => v.externalId)];
    const unknown = named.find((id) => id != null && !seen.has(id));
    if (unknown != null) throw new ImportError(`diagnosis at generation ${r.data.triggerGeneration}: program ${unknown} is not in the run`);
    return r.data;
  });
  const strategies = (imported.strategies ?? []).map((st, i) => {
    const r = strategyRecordSchema.safeParse(st);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new ImportError(`strategy #${i + 1}: ${issue.path.join('.') || 'record'}: ${issue.message}`);
    }
    return r.data;
  });
  const iterations = new Set<number>();
  for (const st of strategies) {
    if (iterations.has(st.iteration)) throw new ImportError(`strategy iteration ${st.iteration} appears twice`);
    iterations.add(st.iteration);
  }
  return { run: run.data, programs, diagnoses, strategies };
}

export function validProgram(p: ImportedRun['programs'][number], i: number) {
  const r = programRecordSchema.safeParse(p);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const who = typeof p?.externalId === 'string' ? p.externalId : `#${i}`;
  throw new ImportError(`program ${who}: ${issue.path.join('.') || 'record'}: ${issue.message}`);
}
