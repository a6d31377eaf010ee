// What the review-session form offers: runs, the judges that labelled each, and the people who
// can review (users on an instance with accounts; 'local' on the single-user workbench).
import { pool } from './client';
import type { RunChoice } from '../contracts/api/reviewChoices';

export async function reviewRunChoices(): Promise<RunChoice[]> {
  const [runs, judges] = await Promise.all([
    pool().query<{ id: string; name: string; program_count: number }>('SELECT id, name, program_count FROM runs ORDER BY imported_at DESC, id LIMIT 1000'),
    pool().query<{ run_id: string; judge: string; judged: number }>(
      `SELECT run_id, judge, count(*)::int AS judged FROM edit_judgements WHERE status = 'judged' GROUP BY run_id, judge ORDER BY run_id, judge`,
    ),
  ]);
  return runs.rows.map((r) => ({
    id: r.id,
    name: r.name,
    programs: r.program_count,
    judges: judges.rows.filter((j) => j.run_id === r.id).map((j) => ({ judge: j.judge, judged: j.judged })),
  }));
}

export async function reviewerChoices(): Promise<{ id: string; name: string; email: string }[]> {
  const { rows } = await pool().query<{ id: string; name: string; email: string }>(
    `SELECT id, name, email FROM users WHERE NOT disabled AND role IN ('owner', 'member') ORDER BY name, email`,
  );
  return rows;
}
