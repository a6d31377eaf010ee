import { describe, expect, it } from 'vitest';
import { parseUrlParam, urlParamQuery } from './useUrlParam';

describe('one view parameter in the URL', () => {
  it('reads an allowed value, else the fallback', () => {
    expect(parseUrlParam(new URLSearchParams('tab=tuning'), 'tab', ['replays', 'tuning'], 'replays')).toBe('tuning');
    expect(parseUrlParam(new URLSearchParams('tab=nope'), 'tab', ['replays', 'tuning'], 'replays')).toBe('replays');
    expect(parseUrlParam(new URLSearchParams(''), 'tab', ['replays', 'tuning'], 'replays')).toBe('replays');
    expect(parseUrlParam(new URLSearchParams('offset=40'), 'offset', (v) => /^\d+$/.test(v), '0')).toBe('40');
    expect(parseUrlParam(new URLSearchParams('offset=-1'), 'offset', (v) => /^\d+$/.test(v), '0')).toBe('0');
  });

  it('writes it beside the other parameters, and drops it at the fallback', () => {
    expect(urlParamQuery('tab', 'tuning', 'replays', new URLSearchParams('label=bug_fix'))).toBe('?label=bug_fix&tab=tuning');
    expect(urlParamQuery('tab', 'replays', 'replays', new URLSearchParams('label=bug_fix&tab=tuning'))).toBe('?label=bug_fix');
    expect(urlParamQuery('tab', 'replays', 'replays', new URLSearchParams('tab=tuning'))).toBe('');
  });
});
