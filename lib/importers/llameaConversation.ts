// LLaMEA / BLADE conversationlog.jsonl: which LLM call produced which program. Pure (no file
// system), so the linking rule can be read and tested on its own.
//
// Each entry is {role, time, content, cost, tokens}; role is "client" for the prompt and the
// model's name for the answer. The log has no program ids, so a prompt/response turn can only
// be tied to a log.jsonl row by position. That is trusted only when it can be checked:
//  1. the entries alternate client, model, client, model, ...;
//  2. there are exactly as many turns as log.jsonl rows;
//  3. no row's code appears in the response of a turn other than its own (nothing shifted);
//  4. at least 90% of rows find their code verbatim in their own turn's response (the rest
//     are rows whose code LLaMEA rewrote after extraction, or a placeholder such as
//     `raise Exception("Could not extract generated code...")`).
// When any check fails no turn is attached; the totals still go to run.meta.conversation.
import { asNumber } from '../trace/validity';
import { isObject, str } from './inputFiles';

export interface ConversationEntry {
  role: string;
  time: string | null;
  content: string;
  cost: number | null;
  tokens: number | null;
  line: number;
}

export interface Turn {
  prompt: ConversationEntry;
  response: ConversationEntry;
  /** The response contains the linked program's code verbatim. */
  codeFound: boolean;
}

export interface ConversationLink {
  /** Turn per log.jsonl row (same index), or null when the link is not reliable. */
  turns: Turn[] | null;
  reason: string;
  unverified: number;
}

const MIN_VERIFIED = 0.9;

export function toEntry(value: unknown, line: number): ConversationEntry | null {
  if (!isObject(value) || typeof value.role !== 'string') return null;
  const tokens = asNumber(value.tokens);
  const cost = asNumber(value.cost);
  return {
    role: value.role,
    time: str(value.time),
    content: typeof value.content === 'string' ? value.content : JSON.stringify(value.content ?? null),
    cost: cost != null && Number.isFinite(cost) ? cost : null,
    tokens: tokens != null && Number.isInteger(tokens) ? tokens : null,
    line,
  };
}

export const isPrompt = (e: ConversationEntry) => e.role === 'client';

export function linkConversation(entries: ConversationEntry[], codes: string[]): ConversationLink {
  const none = (reason: string): ConversationLink => ({ turns: null, reason, unverified: 0 });
  if (!entries.length) return none('conversationlog.jsonl is empty');
  const pairs: [ConversationEntry, ConversationEntry][] = [];
  for (let i = 0; i < entries.length; i += 2) {
    const [p, r] = [entries[i], entries[i + 1]];
    if (!r || !isPrompt(p) || isPrompt(r)) return none(`entries do not alternate prompt and response (line ${p.line})`);
    pairs.push([p, r]);
  }
  if (pairs.length !== codes.length) {
    return none(`${pairs.length} prompt/response turns for ${codes.length} log.jsonl rows`);
  }
  const needle = codes.map((c) => c.trim());
  const found = pairs.map(([, r], k) => needle[k] !== '' && r.content.includes(needle[k]));
  const unverified = found.flatMap((ok, k) => (ok ? [] : [k]));
  for (const k of unverified) {
    const elsewhere = needle[k] !== '' && pairs.findIndex(([, r]) => r.content.includes(needle[k]));
    if (typeof elsewhere === 'number' && elsewhere >= 0) {
      return none(`row ${k + 1}'s code is in turn ${elsewhere + 1}, not in its own: rows and turns are not in the same order`);
    }
  }
  if (codes.length - unverified.length < MIN_VERIFIED * codes.length) {
    return none(`only ${codes.length - unverified.length} of ${codes.length} responses contain their row's code`);
  }
  return {
    turns: pairs.map(([prompt, response], k) => ({ prompt, response, codeFound: found[k] })),
    reason: `turn k is row k: ${codes.length - unverified.length} of ${codes.length} responses contain their row's code verbatim`,
    unverified: unverified.length,
  };
}

/** Totals for run.meta.conversation: kept whether or not turns are linked to programs. */
export function summarize(entries: ConversationEntry[], link: ConversationLink) {
  const prompts = entries.filter(isPrompt);
  const responses = entries.filter((e) => !isPrompt(e));
  const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
  const times = entries.map((e) => e.time).filter((t): t is string => t != null);
  return {
    messages: entries.length,
    prompts: prompts.length,
    responses: responses.length,
    models: [...new Set(responses.map((e) => e.role))],
    // BLADE logs 0 tokens for every prompt: not counted, so null rather than a false 0.
    promptTokens: sum(prompts.map((e) => e.tokens)) || null,
    responseTokens: sum(responses.map((e) => e.tokens)),
    promptCost: sum(prompts.map((e) => e.cost)),
    responseCost: sum(responses.map((e) => e.cost)),
    cost: sum(entries.map((e) => e.cost)),
    firstTime: times[0] ?? null,
    lastTime: times[times.length - 1] ?? null,
    linkedToPrograms: link.turns != null,
    link: link.reason,
  };
}

/**
 * Seconds since the epoch of a conversation time. BLADE writes local time without a zone
 * ("2026-02-08 17:19:13.556794"); it is read as UTC, so differences are right and the absolute
 * hour may be off by the writer's offset (the importer says so in a warning).
 */
export function parseLogTime(t: string | null): number | null {
  if (!t) return null;
  const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d+)?$/.exec(t.trim());
  if (m) {
    const [, y, mo, d, h, mi, s, frac] = m;
    return Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) / 1000 + (frac ? Number(frac) : 0);
  }
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? null : ms / 1000;
}
