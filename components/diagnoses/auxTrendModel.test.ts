import { describe, expect, it } from 'vitest';
import type { AuxResponse } from '@/lib/contracts/api/auxPoints';
import { auxCsv, auxTableHeader, auxTableRows, prepareAuxTrends, testNote, xAxisOf } from './auxTrendModel';

const pt = (i: number, generation: number | null, score: number | null, status: string, values: Record<string, number> | null) => ({
  programId: `id${i}`, externalId: `p${i}`, generation, iteration: i, score, status, values,
});

const data: AuxResponse = {
  metricNames: ['nodes', 'score_copy'],
  points: [
    pt(0, 0, 0.2, 'ok', { nodes: 10, score_copy: 0.2 }),
    pt(1, 0, 0.4, 'ok', { nodes: 30, score_copy: 0.4 }),
    pt(2, 1, null, 'timeout', null),
    pt(3, 2, 0.6, 'ok', { nodes: 20, score_copy: 0.6 }),
  ],
  trivialMetrics: [
    { name: 'score_copy', rho: 1, disagreements: 0, n: 8, trivial: true, why: 'a function of the primary result: rank correlation with the score +1 over 8 programs' },
  ],
  total: 4,
  stride: 1,
};

describe('the aux trend chart model', () => {
  it('one panel for the score and one per metric, on a shared x axis (generation)', () => {
    const c = prepareAuxTrends(data, 600);
    expect(c.axis).toBe('generation');
    expect(c.panels.map((p) => p.title)).toEqual(['score', 'nodes', 'score_copy']);
    const [score, nodes] = c.panels;
    // The same program sits at the same x in every panel.
    expect(score.dots.map((d) => d.x)).toEqual(nodes.dots.map((d) => d.x));
    expect(score.dots[0].x).toBe(score.plot.left);
    expect(score.dots[2].x).toBe(score.plot.right);
    // Generation 1 is half-way.
    expect(score.failed[0].x).toBeCloseTo((score.plot.left + score.plot.right) / 2, 9);
    // Higher values are higher up (smaller y).
    expect(nodes.dots[1].y).toBeLessThan(nodes.dots[2].y);
    expect(nodes.dots[1].label).toBe('p1 (x 0): nodes 30');
  });

  it('a failed program is a failure mark with its status, not a dot', () => {
    const [score, nodes] = prepareAuxTrends(data, 600).panels;
    expect(score.dots).toHaveLength(3);
    expect(score.failed).toEqual([expect.objectContaining({ programId: 'id2', label: 'p2 (x 1): no score (the program failed)' })]);
    expect(nodes.failed).toEqual([expect.objectContaining({ programId: 'id2', label: 'p2 (x 1): aux timeout' })]);
    expect(nodes.failed[0].y).toBeGreaterThan(nodes.dots[0].y);
  });

  it('the mean line has one vertex per x value that has values', () => {
    const nodes = prepareAuxTrends(data, 600).panels[1];
    // x = 0 (mean 20) and x = 2 (20): a flat line through two vertices.
    expect(nodes.meanPath.match(/[ML]/g)).toHaveLength(2);
    const ys = [...nodes.meanPath.matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
    expect(ys[0]).toBeCloseTo(ys[1], 9);
  });

  it('trivial metrics carry their reason; untested ones say so', () => {
    const [, nodes, copy] = prepareAuxTrends(data, 600).panels;
    expect(copy.test?.trivial).toBe(true);
    expect(copy.note).toBe('trivial, adds no information: a function of the primary result: rank correlation with the score +1 over 8 programs');
    expect(nodes.test).toBeNull();
    expect(nodes.note).toMatch(/^not tested yet/);
    expect(testNote({ name: 'x', rho: 0.5, disagreements: 3, n: 20, trivial: false, why: 'measures something' })).toBe('rho 0.5, n = 20: measures something');
  });

  it('falls back to iteration, then run order, for the x axis', () => {
    expect(xAxisOf([pt(0, null, 1, 'ok', {}), pt(5, 2, 1, 'ok', {})]).axis).toBe('iteration');
    const noIt = [{ ...pt(0, null, 1, 'ok', {}), iteration: null }];
    expect(xAxisOf(noIt).axis).toBe('run order');
  });

  it('says when the server thinned the points', () => {
    expect(prepareAuxTrends(data, 600).thinned).toBeNull();
    expect(prepareAuxTrends({ ...data, total: 100_000, stride: 20 }, 600).thinned).toBe('every 20th of 100,000 programs');
    expect(prepareAuxTrends({ ...data, total: 10_000, stride: 2 }, 600).thinned).toBe('every 2nd of 10,000 programs');
  });

  it('table rows and CSV hold every point, the failed one too', () => {
    expect(auxTableHeader(data)).toEqual(['program', 'generation', 'iteration', 'score', 'status', 'nodes', 'score_copy']);
    expect(auxTableRows(data)[2].cells).toEqual(['p2', '1', '2', '', 'timeout', '', '']);
    expect(auxCsv(data)).toBe(
      'program,generation,iteration,score,status,nodes,score_copy\r\np0,0,0,0.2,ok,10,0.2\r\np1,0,1,0.4,ok,30,0.4\r\np2,1,2,,timeout,,\r\np3,2,3,0.6,ok,20,0.6\r\n',
    );
  });

  it('an empty response prepares an empty score panel', () => {
    const c = prepareAuxTrends({ metricNames: [], points: [], trivialMetrics: [], total: 0, stride: 1 }, 400);
    expect(c.panels).toHaveLength(1);
    expect(c.panels[0].dots).toEqual([]);
  });
});
