// Program queries for the web app: a page of the programs table, one program with everything
// that explains it (code, evaluation, prompts, lineage), and sources for the diff view.
import type { Prisma } from './generated/client';
import { pool, prisma } from './client';
import { withCodeCopies } from '../trace/codeCopies';
import type { ProgramDetail, ProgramRelative, ProgramSource, ProgramsPage, ProgramsQuery } from '../contracts/api/programs';

const CHILDREN_SHOWN = 200;

function orderOf(sort: ProgramsQuery['sort']): Prisma.ProgramOrderByWithRelationInput[] {
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as 'seq' | 'iteration' | 'island' | 'score' | 'valid';
  const dir = desc ? 'desc' : 'asc';
  if (key === 'seq') return [{ seq: dir }];
  if (key === 'valid') return [{ valid: dir }, { seq: 'asc' }];
  // Nullable columns: programs without a value go last in either direction.
  return [{ [key]: { sort: dir, nulls: 'last' } }, { seq: 'asc' }];
}

/** One page of a run's programs; null when the run does not exist. */
export async function listPrograms(runId: string, q: ProgramsQuery): Promise<ProgramsPage | null> {
  const db = prisma();
  // The total is the run row's program_count (kept by every writer of programs): counting 100k
  // rows per page costs tens of milliseconds.
  const [run, rows] = await Promise.all([
    db.run.findUnique({ where: { id: runId }, select: { id: true, programCount: true } }),
    db.program.findMany({
      where: { runId },
      orderBy: orderOf(q.sort),
      skip: q.offset,
      take: q.limit,
      select: {
        id: true, externalId: true, seq: true, iteration: true, island: true, score: true,
        valid: true, evaluated: true, rejected: true, isMigrant: true, parentCount: true,
        childEdges: { orderBy: { ordinal: 'asc' }, take: 1, select: { parentId: true, parentExternalId: true } },
      },
    }),
  ]);
  if (!run) return null;
  const total = run.programCount;
  return {
    programs: rows.map(({ childEdges, ...p }) => ({
      ...p,
      parent: childEdges[0] ? { id: childEdges[0].parentId, externalId: childEdges[0].parentExternalId } : null,
    })),
    total,
    offset: q.offset,
    limit: q.limit,
    nextOffset: q.offset + rows.length < total ? q.offset + rows.length : null,
  };
}

const relativeSelect = { id: true, externalId: true, iteration: true, score: true, valid: true, rejected: true } as const;
type RelativeRow = { id: string; externalId: string; iteration: number | null; score: number | null; valid: boolean; rejected: boolean };

function relative(p: RelativeRow | null, externalId: string, operator: string | null): ProgramRelative {
  return p
    ? { id: p.id, externalId: p.externalId, operator, iteration: p.iteration, score: p.score, valid: p.valid, rejected: p.rejected }
    : { id: null, externalId, operator, iteration: null, score: null, valid: null, rejected: null };
}

/** A program with code, evaluations, contexts (texts resolved), parents and children; null if not in the run. */
export async function getProgramDetail(runId: string, programId: string): Promise<ProgramDetail | null> {
  const db = prisma();
  const p = await db.program.findFirst({
    where: { id: programId, runId },
    include: {
      code: { select: { content: true } },
      // What the trace recorded; Evoscope's own re-runs are read by getProgramEvaluations.
      evaluations: { where: { kind: 'recorded' }, orderBy: { id: 'asc' } },
      contexts: { orderBy: { id: 'asc' } },
      childEdges: { orderBy: { ordinal: 'asc' }, include: { parent: { select: relativeSelect } } },
      parentEdges: {
        orderBy: { child: { seq: 'asc' } },
        take: CHILDREN_SHOWN,
        include: { child: { select: relativeSelect } },
      },
      _count: { select: { parentEdges: true } },
      contextRefs: { orderBy: { id: 'asc' }, include: { refProgram: { select: relativeSelect } } },
    },
  });
  if (!p) return null;
  const shas = [...new Set(p.contexts.flatMap((c) => [c.systemSha, c.userSha, c.responseSha]).filter((s): s is string => !!s))];
  const blobs = shas.length ? await db.blob.findMany({ where: { sha256: { in: shas } }, select: { sha256: true, content: true } }) : [];
  const text = new Map(blobs.map((b) => [b.sha256, b.content]));
  const textOf = (sha: string | null) => (sha ? (text.get(sha) ?? null) : null);
  return {
    id: p.id,
    runId: p.runId,
    externalId: p.externalId,
    language: p.language,
    iteration: p.iteration,
    generation: p.generation,
    timestamp: p.timestamp,
    seq: p.seq,
    island: p.island,
    valid: p.valid,
    evaluated: p.evaluated,
    rejected: p.rejected,
    invalidReason: p.invalidReason,
    score: p.score,
    metrics: p.metrics && typeof p.metrics === 'object' && !Array.isArray(p.metrics) ? (p.metrics as Record<string, unknown>) : {},
    metadata: withCodeCopies(p.metadata, p.metadataCodeKeys, p.code.content),
    lines: p.lines,
    isMigrant: p.isMigrant,
    codeSha: p.codeSha,
    code: p.code.content,
    componentNames: (p.componentNames as string[] | null)?.length ? p.componentNames : null,
    origin: [p.model, p.operator, p.promptTokens, p.completionTokens, p.cost].some((x) => x != null)
      ? { model: p.model, operator: p.operator, promptTokens: p.promptTokens, completionTokens: p.completionTokens, cost: p.cost }
      : null,
    contextRefs: p.contextRefs.map((r) => {
      const { operator: _, ...rel } = relative(r.refProgram, r.refExternalId, null);
      return { ...rel, label: r.label };
    }),
    evaluations: p.evaluations.map((e) => ({
      id: String(e.id), status: e.status, output: e.output, errors: e.errors, timingMs: e.timingMs,
      publicMetrics: e.publicMetrics, privateMetrics: e.privateMetrics, artifacts: e.artifacts, feedback: e.feedback,
    })),
    contexts: p.contexts.map((c) => ({
      id: String(c.id), kind: c.kind, model: c.model, promptTokens: c.promptTokens, completionTokens: c.completionTokens,
      cost: c.cost, system: textOf(c.systemSha), user: textOf(c.userSha), response: textOf(c.responseSha),
    })),
    parents: p.childEdges.map((e) => relative(e.parent, e.parentExternalId, e.operator)),
    children: p.parentEdges.map((e) => relative(e.child, e.child.externalId, e.operator)),
    childCount: p._count.parentEdges,
  };
}

/** Source and headline of one program of a run, for the diff view. */
export async function getProgramSource(runId: string, programId: string): Promise<ProgramSource | null> {
  const p = await prisma().program.findFirst({
    where: { id: programId, runId },
    select: { id: true, externalId: true, language: true, iteration: true, score: true, valid: true, rejected: true, code: { select: { content: true } } },
  });
  return p ? { ...p, code: p.code.content } : null;
}

/** The program's first parent that is in the archive (lowest ordinal), if any. */
export async function getFirstParentId(programId: string): Promise<string | null> {
  const e = await prisma().edge.findFirst({
    where: { childId: programId, parentId: { not: null } },
    orderBy: { ordinal: 'asc' },
    select: { parentId: true },
  });
  return e?.parentId ?? null;
}

/** A program of the run by its source id (what researchers paste), for the diff form. */
export async function findProgramIdByExternalId(runId: string, externalId: string): Promise<string | null> {
  const p = await prisma().program.findUnique({ where: { runId_externalId: { runId, externalId } }, select: { id: true } });
  return p?.id ?? null;
}

/** What a "compare against" reference means in a run: one program, several (ambiguous), or none. */
export type ProgramRef = { id: string } | { ambiguous: string[]; more: boolean } | null;

/** How many of an ambiguous reference's matches are listed. */
const AMBIGUOUS_SHOWN = 5;

/**
 * A program named by a reference a reader typed: its exact source id or uuid first, else a
 * prefix of either (uuid prefixes case-insensitively). Several matches are reported (up to 5
 * source ids, in seq order, and whether there are more) rather than one picked at random.
 */
export async function resolveProgramRef(runId: string, ref: string): Promise<ProgramRef> {
  const exact = await findProgramIdByExternalId(runId, ref);
  if (exact) return { id: exact };
  const like = `${ref.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await pool().query<{ id: string; external_id: string }>(
    `SELECT id, external_id FROM programs
     WHERE run_id = $1 AND (id::text = lower($2) OR id::text LIKE lower($3) OR external_id LIKE $3)
     ORDER BY (id::text = lower($2)) DESC, seq LIMIT $4`,
    [runId, ref, like, AMBIGUOUS_SHOWN + 1],
  );
  if (!rows.length) return null;
  if (rows.length === 1 || rows[0].id === ref.toLowerCase()) return { id: rows[0].id };
  return { ambiguous: rows.slice(0, AMBIGUOUS_SHOWN).map((r) => r.external_id), more: rows.length > AMBIGUOUS_SHOWN };
}
