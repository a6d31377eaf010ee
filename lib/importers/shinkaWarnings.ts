// Warnings of the ShinkaEvolve importer for what the database does not record (shinka.ts's
// header lists them): failed proposals in attempt_log, or no attempt_log at all, and programs
// whose row does not say who made them.
import type { ImportWarning, ProgramOrigin, ProgramRecord } from '../trace/schema';
import type { ShinkaDb, ShinkaLogRow } from './shinkaDb';

/** An attempt_log row for a proposal that produced no program (status failed / rejected / error). */
export const isFailedAttempt = (a: ShinkaLogRow) => /fail|reject|error|invalid|abort|timeout/i.test(a.status ?? '');

/** What the database's logs say is missing: failed proposals (no program), or no log at all. */
export function warnLogs(db: ShinkaDb | null, warnings: ImportWarning[]) {
  if (!db) return;
  if (!db.attemptLog) {
    warnings.push({ code: 'no-attempt-log', message: 'the database has no attempt_log table (a runner before it existed): failed proposals were not recorded, only programs that were evaluated' });
    return;
  }
  const failed = db.attemptLog.filter(isFailedAttempt);
  if (failed.length) {
    const by = new Map<string, number>();
    for (const a of failed) by.set(`${a.stage ?? '?'}/${a.status}`, (by.get(`${a.stage ?? '?'}/${a.status}`) ?? 0) + 1);
    warnings.push({
      code: 'failed-proposals',
      message: `${failed.length} proposal attempts failed (attempt_log: ${[...by].map(([k, n]) => `${n} ${k}`).join(', ')}): they made no program, so they have no code or score; kept as rows in the run's meta.attemptLog`,
      count: failed.length,
    });
  }
}

/** Programs whose row does not say who made them (model, operator, tokens, cost). */
export function warnOrigins(db: ShinkaDb | null, programs: ProgramRecord[], warnings: ImportWarning[]) {
  if (!db) {
    warnings.push({ code: 'origin-unknown', message: 'no database: the model, patch type, tokens and cost of each program are not recorded in the folders' });
    return;
  }
  const children = programs.filter((p) => p.parents?.length);
  const lacking = (f: keyof ProgramOrigin) => children.filter((p) => p.origin?.[f] == null).length;
  const parts = ([['model', 'model'], ['operator', 'patch type'], ['promptTokens', 'tokens'], ['cost', 'cost']] as const)
    .map(([f, label]) => [label, lacking(f)] as const)
    .filter(([, n]) => n > 0);
  if (parts.length) {
    warnings.push({
      code: 'origin-partial',
      message: `the database rows do not record ${parts.map(([label, n]) => `the ${label} of ${n}`).join(', ')} of ${children.length} child programs (older runner or metadata keys absent)`,
      count: Math.max(...parts.map(([, n]) => n)),
    });
  }
}
