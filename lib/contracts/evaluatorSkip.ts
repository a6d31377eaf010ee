// Build litter that is not part of an evaluator (caches, version control, editor files): left
// out when a folder is read from disk (files.ts, discover.ts) or picked in the browser
// (components/evaluators). No Node imports: the browser uses it too.
export const SKIPPED_DIRS = new Set(['__pycache__', '.git', '.hg', '.svn', '.ipynb_checkpoints', 'node_modules']);

export const skippedFile = (name: string) => name.endsWith('.pyc') || name === '.DS_Store';

/** A relative path ("a/b/c.py") to leave out: a skipped file, or one inside a skipped folder. */
export function skippedPath(rel: string): boolean {
  const parts = rel.split('/');
  return skippedFile(parts[parts.length - 1]) || parts.slice(0, -1).some((p) => SKIPPED_DIRS.has(p));
}
