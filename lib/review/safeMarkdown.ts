// A small, safe Markdown subset for comments (issue 10), parsed to a tree that
// components/comments/Markdown.tsx renders as React elements: never HTML strings, so a `<script>`
// in a comment is text, whatever it says. Links keep only http(s), mailto and relative targets
// (anything else, `javascript:` included, is rendered inert); images are never loaded (the
// workbench is offline and an outside image would be a tracking beacon): `![alt](src)` becomes a
// link to src when src is safe. @mentions are `@` + an account's e-mail (the autocomplete inserts
// them; the server resolves them to user ids when the comment is saved).
// Supported: paragraphs, line breaks, # headings, > quotes, - / 1. lists, ``` fenced code,
// `code`, **strong**, *em* / _em_, [text](url), <url>, bare http(s) URLs, \ escapes.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  /** href null: the target was refused (e.g. javascript:), show the text inert. */
  | { type: 'link'; href: string | null; external: boolean; children: Inline[] }
  | { type: 'mention'; email: string }
  | { type: 'br' };

export type Block =
  | { type: 'p'; children: Inline[] }
  | { type: 'h'; level: number; children: Inline[] }
  | { type: 'pre'; text: string; lang: string | null }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

/** Mentions: `@` + an e-mail address, at the start or after a space/punctuation. */
export const MENTION_RE = /(^|[\s(,;:])@([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/** The e-mail addresses @mentioned in a body (lowercased, unique, in order), code excluded. */
export function mentionedEmails(body: string): string[] {
  const out = new Set<string>();
  const walk = (nodes: Inline[]) => {
    for (const n of nodes) {
      if (n.type === 'mention') out.add(n.email.toLowerCase());
      else if ('children' in n) walk(n.children);
    }
  };
  const walkBlocks = (blocks: Block[]) => {
    for (const b of blocks) {
      if (b.type === 'p' || b.type === 'h') walk(b.children);
      else if (b.type === 'quote') walkBlocks(b.children);
      else if (b.type === 'list') b.items.forEach(walk);
    }
  };
  walkBlocks(parseMarkdown(body));
  return [...out];
}

/**
 * The link target if it is safe, else null. Safe: http:, https:, mailto:, or relative
 * (/path, #anchor, ?query, ./x, x/y). Control characters and whitespace are dropped before the
 * scheme is read (browsers ignore them: `java\tscript:` is still javascript:); `//host` is
 * refused (a scheme-relative URL leaves the workbench without saying so).
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  // eslint-disable-next-line no-control-regex
  const squeezed = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (squeezed === '' || squeezed.startsWith('//') || squeezed.startsWith('\\')) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(squeezed);
  if (scheme) return /^(https?|mailto)$/i.test(scheme[1]) ? href : null;
  // No scheme: relative. A colon before any / ? # would be read as a scheme by some parsers.
  const beforePath = squeezed.split(/[/?#]/)[0];
  return beforePath.includes(':') ? null : href;
}

const isExternal = (href: string) => /^(https?|mailto):/i.test(href.trim());

function link(rawHref: string, children: Inline[]): Inline {
  const href = safeHref(rawHref);
  return { type: 'link', href, external: href !== null && isExternal(href), children };
}

/** The index of the `close` matching the `open` at `from` (nesting counted), or -1. */
function matching(s: string, from: number, open: string, close: string): number {
  let depth = 0;
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === open) depth++;
    else if (s[i] === close && --depth === 0) return i;
  }
  return -1;
}

export function parseInline(s: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    const rest = s.slice(i);
    if (c === '\\' && i + 1 < s.length && /[\\`*_[\]()<>#@!~-]/.test(s[i + 1])) {
      text += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '\n') {
      flush();
      out.push({ type: 'br' });
      i++;
      continue;
    }
    if (c === '`') {
      const end = s.indexOf('`', i + 1);
      if (end > i) {
        flush();
        out.push({ type: 'code', text: s.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (rest.startsWith('**')) {
      const end = s.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(s.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if ((c === '*' || c === '_') && s[i + 1] && !/\s/.test(s[i + 1]) && (c === '*' || i === 0 || /[\s(]/.test(s[i - 1]))) {
      const end = s.indexOf(c, i + 1);
      if (end > i + 1 && !/\s/.test(s[end - 1]) && (c === '*' || end + 1 >= s.length || /[\s.,;:!?)]/.test(s[end + 1]))) {
        flush();
        out.push({ type: 'em', children: parseInline(s.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[' || (c === '!' && s[i + 1] === '[')) {
      const open = c === '!' ? i + 1 : i;
      const close = matching(s, open, '[', ']');
      if (close > 0 && s[close + 1] === '(') {
        const end = matching(s, close + 1, '(', ')');
        if (end > 0) {
          flush();
          const label = s.slice(open + 1, close);
          // The whole target (minus a "title"): `java\tscript:` must be judged as one.
          const target = s.slice(close + 2, end).replace(/\s+("[^"]*"|'[^']*')\s*$/, '').trim();
          // An image is never loaded: it becomes a link to its source, named after its alt text.
          out.push(link(target, c === '!' ? [{ type: 'text', text: `image: ${label || target}` }] : parseInline(label)));
          i = end + 1;
          continue;
        }
      }
    }
    if (c === '<') {
      const auto = /^<((?:https?|mailto):[^\s<>]+)>/i.exec(rest);
      if (auto) {
        flush();
        out.push(link(auto[1], [{ type: 'text', text: auto[1] }]));
        i += auto[0].length;
        continue;
      }
    }
    if ((c === 'h' || c === 'H') && (i === 0 || /[\s(]/.test(s[i - 1]))) {
      const bare = /^https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/i.exec(rest);
      if (bare) {
        flush();
        out.push(link(bare[0], [{ type: 'text', text: bare[0] }]));
        i += bare[0].length;
        continue;
      }
    }
    if (c === '@' && (i === 0 || /[\s(,;:]/.test(s[i - 1]))) {
      MENTION_RE.lastIndex = 0;
      const m = MENTION_RE.exec(rest);
      if (m && m.index === 0 && m[1] === '') {
        flush();
        out.push({ type: 'mention', email: m[2] });
        i += m[0].length;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

const FENCE = /^\s{0,3}(```|~~~)\s*([\w+-]*)\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const ORDERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;

export function parseMarkdown(src: string): Block[] {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: string[] = [];
  const endPara = () => {
    if (para.length) blocks.push({ type: 'p', children: parseInline(para.join('\n')) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      endPara();
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !lines[j].trim().startsWith(fence[1])) body.push(lines[j++]);
      blocks.push({ type: 'pre', text: body.join('\n'), lang: fence[2] || null });
      i = j;
      continue;
    }
    if (line.trim() === '') {
      endPara();
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      endPara();
      blocks.push({ type: 'h', level: h[1].length, children: parseInline(h[2]) });
      continue;
    }
    if (QUOTE.test(line)) {
      endPara();
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) inner.push(QUOTE.exec(lines[i++])![1]);
      i--;
      blocks.push({ type: 'quote', children: parseMarkdown(inner.join('\n')) });
      continue;
    }
    const listRe = BULLET.test(line) ? BULLET : ORDERED.test(line) ? ORDERED : null;
    if (listRe) {
      endPara();
      const items: Inline[][] = [];
      while (i < lines.length && listRe.test(lines[i])) items.push(parseInline(listRe.exec(lines[i++])![1]));
      i--;
      blocks.push({ type: 'list', ordered: listRe === ORDERED, items });
      continue;
    }
    para.push(line);
  }
  endPara();
  return blocks;
}
