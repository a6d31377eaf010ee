// Pairs ShinkaEvolve's two records of a program (gen_N/ folder, database row) and decides each
// program's id, parents and island. Pure: folders and rows in, ShinkaSource[] and warnings out.
import type { ImportWarning, ParentRef } from '../trace/schema';
import type { ShinkaDb, ShinkaDbProgram } from './shinkaDb';
import { normaliseEol } from './shinkaFiles';
import type { GenFolder } from './shinkaFolder';
import { matchParentsByContent } from './shinkaLineage';
import type { ShinkaSource } from './shinkaProgram';

type Json = Record<string, unknown>;

/** Shinka's patch types as edge operators; 'migration' marks copies between islands. */
const OPERATOR: Record<string, string> = { diff: 'diff', full: 'full', cross: 'crossover', fix: 'fix' };
const MAX_LISTED = 10;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** "gen_12, gen_13, gen_14" (at most ten, then "..."). */
export const listNames = (names: string[]) =>
  names.slice(0, MAX_LISTED).join(', ') + (names.length > MAX_LISTED ? `, ... (${names.length - MAX_LISTED} more)` : '');

const folderName = (f: GenFolder) => `gen_${f.n}`;

/** Folder-only programs: the parent is the earlier program whose code equals original.*. */
function contentLineage(
  folders: GenFolder[],
  earlier: { id: string; generation: number; code: string | null }[],
  language: string | null,
  warnings: ImportWarning[],
): ShinkaSource[] {
  const candidates = [...earlier, ...folders.map((f) => ({ id: folderName(f), generation: f.n, code: f.code }))];
  const queries = folders.filter((f) => f.n > 0).map((f) => ({ id: folderName(f), generation: f.n, original: f.original }));
  const found = matchParentsByContent(candidates, queries);
  const unmatched: string[] = [];
  const noOriginal: string[] = [];
  const sources = folders.map((f): ShinkaSource => {
    const id = folderName(f);
    const hit = found.get(id);
    let lineage: Json = { source: 'seed' };
    if (hit?.status === 'matched') lineage = { source: 'content', ...(hit.alternatives.length ? { alternatives: hit.alternatives } : {}) };
    else if (hit?.status === 'unmatched') {
      unmatched.push(id);
      // The parent's code survives only here: keep it so the edit can still be read.
      lineage = { source: 'unknown', reason: 'original.* matches no earlier main.*', originalCode: f.original };
    } else if (hit?.status === 'no-original') {
      noOriginal.push(id);
      lineage = { source: 'unknown', reason: 'no original.* in the folder' };
    }
    return {
      externalId: id, generation: f.n, folder: f, db: null, language,
      parents: hit?.parent ? [{ externalId: hit.parent, operator: 'mutation' }] : [],
      island: null, isMigrant: false, lineage,
    };
  });
  if (unmatched.length) {
    warnings.push({
      code: 'lineage-unknown',
      message: `lineage unknown for ${unmatched.length} programs (${listNames(unmatched)}): their original.* matches no earlier main.*`,
      count: unmatched.length,
    });
  }
  if (noOriginal.length) {
    warnings.push({
      code: 'lineage-unknown',
      message: `lineage unknown for ${noOriginal.length} programs (${listNames(noOriginal)}): their folder has no original.*`,
      count: noOriginal.length,
    });
  }
  return sources;
}

/** Without a database: every gen_N/ is one program, id "gen_N", lineage by content. */
export function sourcesFromFolders(folders: GenFolder[], language: string | null, warnings: ImportWarning[]): ShinkaSource[] {
  return contentLineage(folders, [], language, warnings);
}

const isCopy = (r: ShinkaDbProgram) => r.metadata._is_island_copy === true || r.metadata._spawned_island === true;

function copyOf(r: ShinkaDbProgram): string | null {
  const m = r.metadata;
  return str(m._original_program_id) ?? str(m._original_repo_id) ?? str(m._spawned_from_program_id) ?? str(m._spawned_from_repo_id);
}

/** With a database: one program per row (ids, parents, islands from the row); folders add files. */
export function sourcesFromDatabase(db: ShinkaDb, folders: GenFolder[], language: string | null, warnings: ImportWarning[]): ShinkaSource[] {
  const folderOf = new Map(folders.map((f) => [f.n, f]));
  const used = new Set<number>();
  let crossUnknown = 0;
  let codeMismatch = 0;
  const sources = db.programs.map((r): ShinkaSource => {
    const g = r.generation ?? -1;
    // The folder belongs to the row Shinka evaluated there, not to its copies on other islands.
    const folder = !isCopy(r) && !used.has(g) ? (folderOf.get(g) ?? null) : null;
    if (folder) {
      used.add(g);
      if (folder.code != null && r.code != null && normaliseEol(folder.code) !== normaliseEol(r.code)) codeMismatch++;
    }
    const parents: ParentRef[] = [];
    const lineage: Json = { source: r.parentId ? 'database' : 'seed' };
    const source = copyOf(r);
    if (isCopy(r) && source) {
      parents.push({ externalId: source, operator: 'migration' });
      lineage.source = 'database';
      lineage.copyOf = source;
    } else if (r.parentId) {
      const patchType = str(r.metadata.patch_type);
      parents.push({ externalId: r.parentId, operator: (patchType && OPERATOR[patchType]) || 'mutation' });
      if (patchType === 'cross') {
        // The prompt shows one inspiration as the crossover partner; the row keeps only the list
        // of inspirations, so the partner is certain only when the list has one program.
        const partners = [...new Set([...r.archiveInspirationIds, ...r.topKInspirationIds])].filter((id) => id !== r.parentId);
        if (partners.length === 1) parents.push({ externalId: partners[0], operator: 'crossover' });
        else if (partners.length > 1) {
          crossUnknown++;
          lineage.crossoverCandidates = partners;
        }
      }
    }
    const birth = r.migrationHistory.length ? r.migrationHistory[0].from : undefined;
    return {
      externalId: r.id,
      generation: g < 0 ? 0 : g,
      folder,
      db: r,
      language: r.language ?? language,
      parents,
      island: typeof birth === 'number' && Number.isInteger(birth) ? birth : r.islandIdx,
      isMigrant: isCopy(r),
      lineage,
    };
  });

  const ids = new Set(sources.map((s) => s.externalId));
  const ghosts = sources.filter((s) => s.parents.some((p) => !ids.has(p.externalId))).length;
  if (ghosts) {
    warnings.push({ code: 'lineage-unknown', message: `lineage unknown for ${ghosts} programs: their parent is not in the database`, count: ghosts });
  }
  if (crossUnknown) {
    warnings.push({
      code: 'crossover-partner-unknown',
      message: `crossover partner unknown for ${crossUnknown} programs: several inspirations were shown and the database does not record which was the partner (kept in metadata.lineage.crossoverCandidates)`,
      count: crossUnknown,
    });
  }
  if (codeMismatch) {
    warnings.push({ code: 'code-mismatch', message: `${codeMismatch} programs: main.* differs from the code in the database (the database copy is used)`, count: codeMismatch });
  }
  const orphans = folders.filter((f) => !used.has(f.n));
  if (orphans.length) {
    const names = orphans.map(folderName);
    warnings.push({
      code: 'not-in-database',
      message: `${orphans.length} generation folders have no database row (${listNames(names)}): imported from their files, parent matched by content`,
      count: orphans.length,
    });
    const earlier = sources.map((s) => ({ id: s.externalId, generation: s.generation, code: s.db?.code ?? null }));
    sources.push(...contentLineage(orphans, earlier, language, warnings));
  }
  return sources;
}
