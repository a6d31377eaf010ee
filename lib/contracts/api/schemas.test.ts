import { describe, expect, it } from 'vitest';
import { programParamsSchema, runParamsSchema } from './params';
import { resolveMetric } from './points';
import { programsQuerySchema } from './programs';
import { encodeRunsCursor, runsQuerySchema } from './runs';

const uuid = '3f2b8c1e-1234-4abc-8def-0123456789ab';

describe('route input schemas', () => {
  it('rejects ids that are not UUIDs with a clear message', () => {
    const r = runParamsSchema.safeParse({ runId: 'nope' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toMatch(/run id must be a UUID/);
    expect(programParamsSchema.safeParse({ runId: uuid, programId: uuid }).success).toBe(true);
  });

  it('pages runs with a default limit of 100, at most 500, and round-trips the cursor', () => {
    expect(runsQuerySchema.parse({}).limit).toBe(100);
    expect(runsQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    const cursor = { importedAt: '2025-11-22T10:46:00.123Z', id: uuid };
    expect(runsQuerySchema.parse({ cursor: encodeRunsCursor(cursor) }).cursor).toEqual(cursor);
    expect(runsQuerySchema.safeParse({ cursor: 'garbage' }).success).toBe(false);
  });

  it('pages programs by offset with a whitelisted sort', () => {
    expect(programsQuerySchema.parse({})).toEqual({ limit: 100, offset: 0, sort: 'seq' });
    expect(programsQuerySchema.parse({ sort: '-score', limit: '500', offset: '1000' })).toEqual({ limit: 500, offset: 1000, sort: '-score' });
    expect(programsQuerySchema.safeParse({ sort: 'score; drop table runs' }).success).toBe(false);
    expect(programsQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
  });

  it('resolves the metric: the run score metric by default, known keys only', () => {
    const run = { metricKeys: ['combined_score', 'sum_radii'], scoreMetric: 'combined_score' };
    expect(resolveMetric(run, undefined)).toEqual({ metric: 'combined_score' });
    expect(resolveMetric(run, 'sum_radii')).toEqual({ metric: 'sum_radii' });
    expect(resolveMetric(run, 'nope')).toHaveProperty('error');
    expect(resolveMetric({ metricKeys: [], scoreMetric: null }, undefined)).toHaveProperty('error');
  });
});
