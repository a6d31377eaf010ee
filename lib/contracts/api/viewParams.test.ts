import { describe, expect, it } from 'vitest';
import { cyclingEditsQuerySchema, marksQuerySchema } from './analyses';
import { compareRunIds, compareRunIdsIgnored, cyclingViewParams } from './viewParams';

const a = '3f2b8c1e-1234-4abc-8def-0123456789ab';
const b = '4f2b8c1e-1234-4abc-8def-0123456789ab';

describe('analysis view params', () => {
  it('defaults to Evoscope definitions and lineage scope, and ignores junk', () => {
    expect(cyclingViewParams({})).toEqual({ definitions: 'default', scope: 'lineage' });
    expect(cyclingViewParams({ definitions: 'evoreplay', scope: 'run' })).toEqual({ definitions: 'evoreplay', scope: 'run' });
    expect(cyclingViewParams({ definitions: 'nope', scope: ['run', 'lineage'] })).toEqual({ definitions: 'default', scope: 'run' });
  });

  it('reads ?runs=a,b (or repeated) as distinct valid run ids', () => {
    expect(compareRunIds({ runs: `${a},${b.toUpperCase()},${a},junk` })).toEqual([a, b]);
    expect(compareRunIds({ runs: [a, b] })).toEqual([a, b]);
    expect(compareRunIds({})).toEqual([]);
    expect(compareRunIds({ runs: `${a},${b}` }, 1)).toEqual([a]);
  });

  it('names the entries of ?runs= that are not run ids, so the page can say so', () => {
    expect(compareRunIdsIgnored({ runs: `${a},junk, ,${b.slice(0, 10)}` })).toEqual(['junk', b.slice(0, 10)]);
    expect(compareRunIdsIgnored({ runs: [a, b] })).toEqual([]);
  });
});

describe('cycling route inputs', () => {
  it('pages edits with at most 500 per page', () => {
    expect(cyclingEditsQuerySchema.parse({})).toEqual({ definitions: 'default', scope: 'lineage', offset: 0, limit: 100 });
    expect(cyclingEditsQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(cyclingEditsQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
    expect(cyclingEditsQuerySchema.safeParse({ scope: 'world' }).error?.issues[0].message).toMatch(/scope must be/);
  });

  it('needs a child id for marks', () => {
    expect(marksQuerySchema.safeParse({}).success).toBe(false);
    expect(marksQuerySchema.parse({ childId: ' x1 ' }).childId).toBe('x1');
  });
});
