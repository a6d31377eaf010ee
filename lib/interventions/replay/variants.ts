// The messages each replay variant sends (EvoReplay's context variants, plus deletion_history),
// built from the STORED context of the program (system + user prompt as the run sent them).
// Sections are found by their markdown headings, outside code fences, as OpenEvolve's templates
// write them ("# Current Program", "## Previous Attempts", "## Top Performing Programs",
// "## Inspiration Programs", "## Diverse Programs", "## Other ... Programs"); a section runs to
// the next heading of its level or above. What each variant changes:
//  - exact: nothing.
//  - strict_diff: the diff-only task of OpenEvolve's diff template (lib/services/demo/prompts.ts
//    diffTaskLines) replaces a rewrite task, or a reminder is appended to a diff task; the reply
//    is then read in diff mode only (a rewrite counts as a parse failure).
//  - no_other_context: removes the top / inspiration / diverse / other programs sections
//    (ShinkaEvolve: "# Prior Repository Individual Context" with its "## Inspiration N").
//  - no_history: removes the previous attempts (score history) section.
//  - alternate_context: the other-programs sections replaced by one listing the programs of the
//    run closest to the parent's score (the runner chooses them).
//  - deletion_history: adds a section listing lines the parent's lineage deleted before.
//  - custom: the given system and/or user prompt replaces the stored one.
// A variant whose section is absent sends the exact prompt and says so in its note.
import { diffTaskLines } from './diffTask';
import type { ChatMessage } from '../../contracts/llmTypes';
import type { ReplayVariant } from '../../contracts/interventionTypes';
import { modeOfContextKind, type ReplyFormat } from './parse';

export interface StoredPrompt {
  system: string | null;
  user: string;
  /** The context's kind (OpenEvolve: diff_user / full_rewrite_user). */
  kind: string | null;
}

export interface AlternateProgram {
  score: number | null;
  source: string;
}

export interface VariantInputs {
  /** The program's language (fence tag and comment prefix). */
  language: string;
  alternates?: readonly AlternateProgram[];
  deletedLines?: readonly string[];
  customSystem?: string;
  customUser?: string;
}

export interface VariantPrompt {
  variant: ReplayVariant;
  messages: ChatMessage[];
  /** How the reply is read: the stored kind's mode, or 'diff' for strict_diff. */
  mode: ReplyFormat | 'auto';
  /** False when the variant found nothing to change (it sends the exact prompt). */
  changed: boolean;
  /** What the variant did, for the report. */
  note: string;
}

interface Section {
  level: number;
  title: string;
  /** Line span [start, end). */
  start: number;
  end: number;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/**
 * Markdown sections of a prompt. Lines inside ``` fences and inside SEARCH/REPLACE examples
 * (OpenEvolve's diff task shows "# Original code to find and replace") are code, not headings.
 */
export function sections(lines: readonly string[]): Section[] {
  const heads: { level: number; title: string; line: number }[] = [];
  let fenced = false;
  let inBlock = false;
  lines.forEach((l, i) => {
    if (/^\s*```/.test(l)) fenced = !fenced;
    else if (!fenced && /^<{7} SEARCH/.test(l)) inBlock = true;
    else if (inBlock && /^>{7} REPLACE/.test(l)) inBlock = false;
    else if (!fenced && !inBlock) {
      const m = HEADING.exec(l);
      if (m) heads.push({ level: m[1].length, title: m[2], line: i });
    }
  });
  return heads.map((h, k) => {
    const next = heads.slice(k + 1).find((n) => n.level <= h.level);
    return { level: h.level, title: h.title, start: h.line, end: next ? next.line : lines.length };
  });
}

const HISTORY = /previous attempts|attempt history|score history|evolution history of the parent/i;
// ShinkaEvolve writes its inspirations under "# Prior Repository Individual Context" / "## Inspiration N".
const OTHERS = /top performing|top programs|inspiration|diverse programs|other\b.*programs|elite programs|prior programs|prior repository/i;

/** The sections whose title matches, not nested inside another match. */
function matching(secs: readonly Section[], re: RegExp): Section[] {
  const hits = secs.filter((s) => re.test(s.title));
  return hits.filter((h) => !hits.some((o) => o !== h && o.start <= h.start && h.end <= o.end && o.level < h.level));
}

function removeSpans(lines: readonly string[], spans: readonly Section[]): string[] {
  const drop = new Set<number>();
  for (const s of spans) for (let i = s.start; i < s.end; i++) drop.add(i);
  return lines.filter((_, i) => !drop.has(i));
}

const commentPrefix = (language: string) => (/^(py|python)$/i.test(language) ? '#' : '//');
const fenceTag = (language: string) => ({ 'c++': 'cpp', py: 'python' } as Record<string, string>)[language.toLowerCase()] ?? language.toLowerCase();

/** OpenEvolve's top-programs block for the alternate programs. */
function alternateSection(programs: readonly AlternateProgram[], language: string): string[] {
  const out = ['## Top Performing Programs', ''];
  programs.forEach((p, k) => {
    out.push(`### Program ${k + 1} (Score: ${p.score === null ? 'n/a' : p.score.toFixed(4)})`, '```' + fenceTag(language), p.source.replace(/\n$/, ''), '```', '');
  });
  return out;
}

export const STRICT_DIFF_REMINDER =
  'IMPORTANT: Answer ONLY with SEARCH/REPLACE diff blocks in the format above. A complete rewrite of the program, or code outside the blocks, will be rejected.';

function messages(system: string | null, user: string): ChatMessage[] {
  return system ? [{ role: 'system', content: system }, { role: 'user', content: user }] : [{ role: 'user', content: user }];
}

/** The messages of one variant, built from the stored prompt. */
export function buildVariant(variant: ReplayVariant, prompt: StoredPrompt, inputs: VariantInputs): VariantPrompt {
  const mode = modeOfContextKind(prompt.kind);
  const lines = prompt.user.split('\n');
  const secs = sections(lines);
  const exact = (note: string): VariantPrompt => ({ variant, messages: messages(prompt.system, prompt.user), mode, changed: false, note });
  const changed = (user: string, note: string, m: VariantPrompt['mode'] = mode, system = prompt.system): VariantPrompt => ({
    variant, messages: messages(system, user), mode: m, changed: true, note,
  });
  switch (variant) {
    case 'exact':
      return exact('the stored prompt as sent');
    case 'no_history': {
      const hit = matching(secs, HISTORY);
      if (!hit.length) return exact('no previous-attempts section in the stored prompt: sent as stored');
      return changed(removeSpans(lines, hit).join('\n'), `removed ${hit.map((s) => `"${s.title}"`).join(', ')}`);
    }
    case 'no_other_context': {
      const hit = matching(secs, OTHERS);
      if (!hit.length) return exact('no other-programs section in the stored prompt: sent as stored');
      return changed(removeSpans(lines, hit).join('\n'), `removed ${hit.map((s) => `"${s.title}"`).join(', ')}`);
    }
    case 'alternate_context': {
      const hit = matching(secs, OTHERS);
      if (!hit.length) return exact('no other-programs section in the stored prompt to swap: sent as stored');
      if (!inputs.alternates?.length) return exact('no other program of the run to swap in: sent as stored');
      const alt = alternateSection(inputs.alternates, inputs.language);
      const out: string[] = [];
      lines.forEach((l, i) => {
        if (i === hit[0].start) out.push(...alt);
        if (!hit.some((s) => i >= s.start && i < s.end)) out.push(l);
      });
      return changed(
        out.join('\n'),
        `replaced ${hit.map((s) => `"${s.title}"`).join(', ')} by the ${inputs.alternates.length} program(s) of the run closest to the parent's score`,
      );
    }
    case 'deletion_history': {
      const deleted = inputs.deletedLines ?? [];
      if (!deleted.length) return exact("the parent's lineage deleted no line that is still absent: sent as stored");
      const block = [
        '## Lines Deleted Earlier in This Lineage',
        '',
        'Earlier edits in this program\'s lineage deleted these lines (most recent first). Re-adding one undoes an earlier decision: do it only for a reason.',
        '',
        '```' + fenceTag(inputs.language),
        ...deleted,
        '```',
        '',
      ];
      const at = secs.find((s) => s.level === 1 && /^current program$/i.test(s.title)) ?? secs.find((s) => s.level === 1 && /^task$/i.test(s.title));
      const user = at ? [...lines.slice(0, at.start), ...block, ...lines.slice(at.start)].join('\n') : `${prompt.user}\n\n${block.join('\n')}`;
      return changed(user, `added ${deleted.length} deleted line(s) ${at ? `before "# ${at.title}"` : 'at the end'}`);
    }
    case 'strict_diff': {
      if (/<{7} SEARCH/.test(prompt.user)) return changed(`${prompt.user}\n\n${STRICT_DIFF_REMINDER}`, 'diff task kept, the diff-only reminder appended; replies read as diffs only', 'diff');
      const task = secs.find((s) => s.level === 1 && /^task$/i.test(s.title));
      const diffTask = [...diffTaskLines(commentPrefix(inputs.language)), '', STRICT_DIFF_REMINDER];
      const user = task ? [...lines.slice(0, task.start + 1), ...diffTask, ...lines.slice(task.end)].join('\n') : `${prompt.user}\n\n# Task\n${diffTask.join('\n')}`;
      return changed(user, `the rewrite task replaced by OpenEvolve's diff-only task${task ? '' : ' (appended: no "# Task" section)'}; replies read as diffs only`, 'diff');
    }
    case 'custom': {
      const system = inputs.customSystem ?? prompt.system;
      const user = inputs.customUser ?? prompt.user;
      if (inputs.customSystem === undefined && inputs.customUser === undefined) return exact('no custom prompt given: sent as stored');
      const what = [inputs.customSystem !== undefined ? 'system' : null, inputs.customUser !== undefined ? 'user' : null].filter(Boolean).join(' and ');
      return changed(user, `custom ${what} prompt`, mode, system);
    }
  }
}
