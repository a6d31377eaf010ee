// Renders a comment's Markdown (lib/review/safeMarkdown.ts) as React elements: text is always
// text (React escapes it), so no HTML in a comment ever reaches the page. Refused links are shown
// as inert text; external links open in a new tab without handing over the opener or referrer.
import { createElement, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from '@/lib/review/safeMarkdown';

/** A mentioned account: its e-mail (as written in the body) -> how to show it. */
export type MentionNames = ReadonlyMap<string, string>;

/** Renders a text run (default: as is); the diagnosis report links its measured numbers with it. */
export type TextRenderer = (text: string, key: string) => ReactNode;
const plainText: TextRenderer = (text) => text;

function inline(nodes: Inline[], names: MentionNames, key: string, text: TextRenderer): ReactNode[] {
  return nodes.map((n, i) => {
    const k = `${key}.${i}`;
    switch (n.type) {
      case 'text':
        return text(n.text, k);
      case 'br':
        return createElement('br', { key: k });
      case 'code':
        return createElement('code', { key: k }, n.text);
      case 'strong':
        return createElement('strong', { key: k }, ...inline(n.children, names, k, text));
      case 'em':
        return createElement('em', { key: k }, ...inline(n.children, names, k, text));
      case 'mention': {
        const name = names.get(n.email.toLowerCase());
        // Only accounts the server resolved become chips; anything else stays as typed.
        return name
          ? createElement('span', { key: k, className: 'mention-chip', 'data-testid': 'mention-chip', title: n.email }, `@${name}`)
          : `@${n.email}`;
      }
      case 'link':
        if (n.href === null) {
          return createElement('span', { key: k, className: 'md-inert-link', 'data-testid': 'inert-link', title: 'link target refused (only http, https, mailto and relative links)' }, ...inline(n.children, names, k, text));
        }
        return createElement(
          'a',
          n.external ? { key: k, href: n.href, rel: 'noopener noreferrer', target: '_blank' } : { key: k, href: n.href, rel: 'noopener noreferrer' },
          ...inline(n.children, names, k, text),
        );
    }
  });
}

function block(b: Block, names: MentionNames, key: string, text: TextRenderer): ReactNode {
  switch (b.type) {
    case 'p':
      return createElement('p', { key }, ...inline(b.children, names, key, text));
    case 'h':
      // Headings inside a comment stay below the page's own (h1-h3).
      return createElement(`h${Math.min(6, b.level + 3)}`, { key }, ...inline(b.children, names, key, text));
    case 'pre':
      return createElement('pre', { key }, createElement('code', null, b.text));
    case 'quote':
      return createElement('blockquote', { key }, ...b.children.map((c, i) => block(c, names, `${key}.${i}`, text)));
    case 'list':
      return createElement(
        b.ordered ? 'ol' : 'ul',
        { key },
        ...b.items.map((item, i) => createElement('li', { key: `${key}.${i}` }, ...inline(item, names, `${key}.${i}`, text))),
      );
  }
}

export function Markdown({ source, names = new Map(), renderText = plainText }: { source: string; names?: MentionNames; renderText?: TextRenderer }) {
  return <div className="markdown">{parseMarkdown(source).map((b, i) => block(b, names, String(i), renderText))}</div>;
}
