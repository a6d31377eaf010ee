// What the review-session form offers: runs, the judges that labelled each, and the people who
// can review (users on an instance with accounts; 'local' on the single-user workbench).
import { pool } from './client';
import type { RunChoice } from '../contracts/api/reviewChoices';
import { IMPORT_JOB_JOIN, originOfRow, RUN_SOURCE_COLUMNS, type RunSourceRow } from './runSource';

export async function reviewRunChoices(): Promise<RunChoice[]> {
  const [runs, judges] = await Promise.all([
    pool().query<RunSourceRow & { id: string; name: string; program_count: number; imported_at: Date }>(
      `SELECT r.id, r.name, r.program_count, r.imported_at, ${RUN_SOURCE_COLUMNS} FROM runs r ${IMPORT_JOB_JOIN}
       ORDER BY r.imported_at DESC, r.id LIMIT 1000`,
    ),
    pool().query<{ run_id: string; judge: string; judged: number }>(
      `SELECT run_id, judge, count(*)::int AS judged FROM edit_judgements WHERE status = 'judged' GROUP BY run_id, judge ORDER BY run_id, judge`,
    ),
  ]);
  return runs.rows.map((r) => ({
    id: r.id,
    name: r.name,
    programs: r.program_count,
    importedAt: r.imported_at.toISOString(),
    origin: originOfRow(r),
    judges: judges.rows.filter((j) => j.run_id === r.id).map((j) => ({ judge: j.judge, judged: j.judged })),
  }));
}

export async function reviewerChoices(): Promise<{ id: string; name: string; email: string }[]> {
  const { rows } = await pool().query<{ id: string; name: string; email: string }>(
    `SELECT id, name, email FROM users WHERE NOT disabled AND role IN ('owner', 'member') ORDER BY name, email`,
  );
  return rows;
}
