// The comment Markdown renderer: whatever a comment says, no HTML and no script target reaches
// the page; links are http(s)/mailto/relative only; images are never loaded.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mentionedEmails, safeHref } from '@/lib/review/safeMarkdown';
import { Markdown } from './Markdown';

const html = (source: string, names = new Map<string, string>()) => renderToStaticMarkup(createElement(Markdown, { source, names }));

describe('safe Markdown', () => {
  it('shows a <script> as text', () => {
    const out = html('hi <script>alert(1)</script> <img src=x onerror=alert(2)>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('renders a javascript: link inert (also disguised)', () => {
    for (const target of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example/x']) {
      const out = html(`[click](${target})`);
      expect(out, target).not.toContain('<a');
      expect(out, target).toContain('data-testid="inert-link"');
      expect(out, target).toContain('click');
    }
    expect(html('<javascript:alert(1)>')).not.toContain('<a');
  });

  it('makes [x](http://a) a link with rel=noopener noreferrer', () => {
    expect(html('[x](http://a)')).toBe('<div class="markdown"><p><a href="http://a" rel="noopener noreferrer" target="_blank">x</a></p></div>');
    expect(html('[m](mailto:a@b.org) [r](/runs/1#comment-2)')).toContain('<a href="/runs/1#comment-2" rel="noopener noreferrer">r</a>');
    expect(html('see https://example.org/a.')).toContain('<a href="https://example.org/a" rel="noopener noreferrer" target="_blank">https://example.org/a</a>.');
  });

  it('never loads an image: it becomes a link to its source, or inert text', () => {
    const out = html('![chart](https://example.org/c.png) ![x](javascript:1)');
    expect(out).not.toContain('<img');
    expect(out).toContain('<a href="https://example.org/c.png" rel="noopener noreferrer" target="_blank">image: chart</a>');
    expect(out).toContain('data-testid="inert-link"');
  });

  it('renders the supported subset', () => {
    const out = html('# Title\n\n**bold** and *em* and `a<b`\nnext line\n\n- one\n- two\n\n> quoted\n\n```py\nx = "<b>"\n```');
    expect(out).toBe(
      '<div class="markdown"><h4>Title</h4><p><strong>bold</strong> and <em>em</em> and <code>a&lt;b</code><br/>next line</p>' +
        '<ul><li>one</li><li>two</li></ul><blockquote><p>quoted</p></blockquote><pre><code>x = &quot;&lt;b&gt;&quot;</code></pre></div>',
    );
    expect(html('snake_case_name stays')).toContain('snake_case_name stays');
  });

  it('renders resolved @mentions as chips and finds mentioned e-mails outside code', () => {
    const out = html('cc @ann@x.org and @bob@y.org', new Map([['ann@x.org', 'Ann']]));
    expect(out).toContain('<span class="mention-chip" data-testid="mention-chip" title="ann@x.org">@Ann</span>');
    expect(out).toContain('@bob@y.org');
    expect(mentionedEmails('hi @Ann@X.org, `@no@x.org` and @ann@x.org\n> @bob@y.org')).toEqual(['ann@x.org', 'bob@y.org']);
    expect(mentionedEmails('mail me at ann@x.org')).toEqual([]);
  });

  it('safeHref keeps http(s), mailto and relative targets only', () => {
    expect(safeHref('https://a.org/x')).toBe('https://a.org/x');
    expect(safeHref('../x?y=1')).toBe('../x?y=1');
    expect(safeHref('#comment-1')).toBe('#comment-1');
    expect(safeHref('foo:bar')).toBeNull();
    expect(safeHref('\u0000javascript:x')).toBeNull();
  });
});
