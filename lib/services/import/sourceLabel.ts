// What a stored run says it was imported from. Importers record the folder (or file) they read,
// which for an archive or a browser upload is a temporary folder of the server: meaningless to
// the reader and a leak of the server's paths. The pipeline rewrites it relative to what the user
// handed over: "upload: my-run.zip/sub/run" rather than "/srv/.evoscope/uploads/<uuid>/…".
import path from 'node:path';

/**
 * `sourcePath` under `root` becomes `label(its path inside root)` (POSIX separators, '' for
 * the root itself); anything else is kept. Null (a source that records none) is labelled as the root.
 */
export function relabelSourcePath(sourcePath: string | null | undefined, root: string, label: (rel: string) => string): string {
  if (!sourcePath) return label('');
  const rel = path.relative(path.resolve(root), path.resolve(sourcePath));
  if (rel.startsWith('..') || path.isAbsolute(rel)) return sourcePath;
  return label(rel.split(path.sep).join('/'));
}

/** The label of a browser upload: "upload: run.zip/sub" for an archive, "upload: folder/sub" for a folder. */
export function uploadLabel(kind: 'archive' | 'folder', sourceName: string): (rel: string) => string {
  // A folder upload's files keep the folder's own name as their first path segment.
  if (kind === 'folder') return (rel) => `upload: ${rel || sourceName}`;
  return (rel) => (rel ? `upload: ${sourceName}/${rel}` : `upload: ${sourceName}`);
}
