// Reads a replayed reply the way its source framework would and applies it to the parent.
//  - OpenEvolve (openevolve.utils.code_utils, ./openevolveDiff.ts): diff mode takes the
//    SEARCH/REPLACE blocks (extract_diffs) and applies them (apply_diff); full-rewrite mode takes
//    parse_full_rewrite's code: the first ```<language> fence, else the first fence of any kind
//    (its body verbatim, a tag such as "cpp" included: OpenEvolve's own quirk).
//  - ShinkaEvolve (./shinkaPatch.ts): the same SEARCH/REPLACE markers, applied inside the
//    EVOLVE-BLOCK regions only; a full rewrite in a ```<language> fence.
//  - other frameworks: read as OpenEvolve does.
// Two deliberate refusals, so that "parsed" means "yielded a program that differs from nothing":
// diff blocks none of which found their SEARCH text (OpenEvolve would silently submit the parent
// unchanged), and a reply with no fence in rewrite mode (parse_full_rewrite would submit the
// prose itself as the program, which can only fail to run).
import { applySearchReplace, extractDiffs } from './openevolveDiff';
import { shinkaApplyDiff, shinkaApplyFull } from './shinkaPatch';

export type ReplyFormat = 'diff' | 'rewrite';
export type ApplyResult = { ok: true; source: string; format: ReplyFormat } | { ok: false; error: string };

export interface ApplyOptions {
  /**
   * How the framework read the original reply: 'diff' (diff-based evolution: a reply without
   * diff blocks fails, as it does there; also what strict_diff enforces), 'rewrite' (full
   * rewrite), or 'auto' (diff blocks when there are any, else a fenced rewrite).
   */
  mode?: ReplyFormat | 'auto';
  /** The program's language ('python', 'cpp', ...): the fence tag looked for first. */
  language?: string;
}

const FENCE_TAG: Record<string, string> = { 'c++': 'cpp', cc: 'cpp', cxx: 'cpp', py: 'python' };
const fenceTag = (language: string | undefined) => {
  const l = (language ?? 'python').toLowerCase();
  return FENCE_TAG[l] ?? l;
};

export const isShinka = (framework: string) => /shinka/i.test(framework);

/** The mode a stored context's kind implies: OpenEvolve's diff_user / full_rewrite_user, Shinka's patch types. */
export function modeOfContextKind(kind: string | null | undefined): ReplyFormat | 'auto' {
  const k = (kind ?? '').toLowerCase();
  if (/full|rewrite/.test(k)) return 'rewrite';
  if (/diff/.test(k)) return 'diff';
  return 'auto';
}

const hasDiffMarkers = (reply: string) => /<{7}\s*SEARCH/.test(reply);

/** OpenEvolve's parse_full_rewrite without its plain-text fallback (see the header). */
export function parseFullRewrite(reply: string, language: string): string | null {
  const tagged = new RegExp('```' + language.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '\\n([\\s\\S]*?)```').exec(reply);
  if (tagged) return tagged[1].trim();
  const any = /```([\s\S]*?)```/.exec(reply);
  return any ? any[1].trim() : null;
}

function openEvolveDiff(parent: string, reply: string): ApplyResult {
  let blocks: [string, string][];
  try {
    blocks = extractDiffs(reply);
  } catch (e) {
    return { ok: false, error: `malformed SEARCH/REPLACE blocks: ${(e as Error).message}` };
  }
  if (!blocks.length) return { ok: false, error: 'no SEARCH/REPLACE diff blocks in the reply' };
  const { code, applied } = applySearchReplace(parent, blocks);
  if (!applied) return { ok: false, error: `none of the ${blocks.length} SEARCH texts occurs in the parent` };
  return { ok: true, source: code, format: 'diff' };
}

/** The program a reply yields when applied to `parent`, read as `framework` reads it. */
export function applyReply(parent: string, reply: string, framework: string, opts: ApplyOptions = {}): ApplyResult {
  if (!reply.trim()) return { ok: false, error: 'the reply is empty' };
  const mode = opts.mode ?? 'auto';
  const tag = fenceTag(opts.language);
  const diff = mode === 'diff' || (mode === 'auto' && hasDiffMarkers(reply));
  if (isShinka(framework)) {
    if (diff) {
      if (!hasDiffMarkers(reply)) return { ok: false, error: 'no SEARCH/REPLACE diff blocks in the reply' };
      const r = shinkaApplyDiff(parent, reply);
      if (!r.ok) return r;
      if (!r.applied) return { ok: false, error: 'no SEARCH/REPLACE diff blocks in the reply' };
      return { ok: true, source: r.source, format: 'diff' };
    }
    const r = shinkaApplyFull(parent, reply, tag);
    return r.ok ? { ok: true, source: r.source, format: 'rewrite' } : r;
  }
  if (diff) return openEvolveDiff(parent, reply);
  const code = parseFullRewrite(reply, tag);
  if (code === null) return { ok: false, error: `no fenced code block in the reply (expected \`\`\`${tag} ... \`\`\`)` };
  if (!code) return { ok: false, error: 'the fenced code block is empty' };
  return { ok: true, source: code, format: 'rewrite' };
}
