// The @mention autocomplete: what is being typed, who matches, what gets inserted (and that the
// inserted text is what the server resolves: lib/review/safeMarkdown.ts mentionedEmails).
import { describe, expect, it } from 'vitest';
import { mentionedEmails } from '@/lib/review/safeMarkdown';
import { insertMention, matchPeople, mentionQuery } from './mentionComplete';

const people = [
  { id: '1', name: 'Ann Lee', email: 'ann@lab.org' },
  { id: '2', name: 'Bob', email: 'bob@lab.org' },
  { id: '3', name: 'Joanna', email: 'jo@else.org' },
];

describe('mention autocomplete', () => {
  it('finds the @partial before the caret only after a start, space or punctuation', () => {
    expect(mentionQuery('hi @An', 6)).toEqual({ start: 3, query: 'an' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('(@bo', 4)).toEqual({ start: 1, query: 'bo' });
    expect(mentionQuery('mail ann@lab', 12)).toBeNull();
    expect(mentionQuery('hi @ann done', 12)).toBeNull();
  });

  it('matches names anywhere and e-mails from their start', () => {
    expect(matchPeople(people, 'an').map((p) => p.id)).toEqual(['1', '3']);
    expect(matchPeople(people, 'bob@').map((p) => p.id)).toEqual(['2']);
    expect(matchPeople(people, 'lab')).toEqual([]);
    expect(matchPeople(people, '', 2)).toHaveLength(2);
  });

  it('inserts @email and a space, keeping the rest, and the server reads it back', () => {
    const text = 'ask @jo about it';
    const q = mentionQuery(text, 7)!;
    const out = insertMention(text, q.start, 7, people[2]);
    expect(out).toEqual({ text: 'ask @jo@else.org about it', caret: 16 });
    expect(insertMention('@b', 0, 2, people[1])).toEqual({ text: '@bob@lab.org ', caret: 13 });
    expect(mentionedEmails(out.text)).toEqual(['jo@else.org']);
  });
});
