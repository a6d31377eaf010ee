// The B.9 knob proposal against the scripted OpenAI-compatible server (tests/helpers/scriptedLlm.ts):
// what is sent (the B.9 system prompt verbatim, the program in a fenced block), and how each
// returned spec is validated against the program on its syntax tree.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type Script, type ScriptedLlm } from '../../../tests/helpers/scriptedLlm';
import { initParsers } from '../../analysis/treeSitter';
import { llmSettingsSchema } from '../../contracts/llmTypes';
import { ExperimentFailure } from '../../interventions/context';
import { knobSchema } from '../../contracts/interventionTypes';
import { KnobLlmError, knobsFromSpecs, proposeKnobsWithLlm } from './knobsLlm';
import { KNOB_SYSTEM_PROMPT } from '../../interventions/knobs/prompt';
import { parameterise } from '../../interventions/knobs/rewrite';

beforeAll(async () => {
  await initParsers();
  process.env.EVOSCOPE_LLM_RETRY_BASE_MS = '1';
});

let server: ScriptedLlm | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function setup(script: Script, maxRetries = 0) {
  server = await startScriptedLlm(script);
  return { server, settings: llmSettingsSchema.parse({ baseUrl: server.baseUrl, apiKey: null, model: 'scripted-model', maxRetries }) };
}

const program = [
  '"""Anneal."""',
  'import math',
  '',
  'def anneal(x, steps=2000):',
  '    temp = 5.0',
  '    for _ in range(steps):',
  '        x = x - 0.01 * x + -0.1',
  '        temp *= 0.95',
  '    return x, temp',
  '',
].join('\n');

const spec = (over: Record<string, unknown>) => ({
  name: 'knob', source_literal: '5.0', context_line: 'temp = 5.0', default: 5, low: 0.05, high: 500, scale: 'log', kind: 'float', rationale: 'initial temperature', ...over,
});

describe('proposeKnobsWithLlm', () => {
  it('sends the B.9 prompt verbatim and the program fenced by language; keeps valid specs with the hard rules applied', async () => {
    const { server, settings } = await setup([
      {
        kind: 'answer',
        answer: {
          hparams: [
            spec({ name: 'initial_temp' }),
            // Indentation dropped from the context line (trimmed compare); an int interval with fractional bounds.
            spec({ name: 'steps', source_literal: '2000', context_line: 'def anneal(x, steps=2000):', default: 2000, low: 399.5, high: 10000.2, scale: 'linear', kind: 'int' }),
            // A linear interval spanning 1000x: forced to log.
            spec({ name: 'cooling', source_literal: '0.95', context_line: '        temp *= 0.95', default: 0.95, low: 0.001, high: 1, scale: 'linear' }),
            // The signed literal, as written.
            spec({ name: 'drift', source_literal: '-0.1', context_line: 'x = x - 0.01 * x + -0.1', default: -0.1, low: -1, high: 0, scale: 'linear' }),
          ],
        },
        usage: { prompt: 900, completion: 150 },
      },
    ]);
    const r = await proposeKnobsWithLlm(program, 'python', { settings });
    const body = server.requests[0].body!;
    expect(body.messages![0]).toEqual({ role: 'system', content: KNOB_SYSTEM_PROMPT });
    expect(body.messages![1]).toEqual({ role: 'user', content: '```python\n' + program + '```' });
    expect(r.dropped).toEqual([]);
    expect(r.usage).toMatchObject({ promptTokens: 900, completionTokens: 150 });
    expect(r.knobs.map((k) => [k.name, k.sourceLiteral, k.value, k.type, k.low, k.high, k.scale, k.line])).toEqual([
      ['steps', '2000', 2000, 'int', 399, 10001, 'linear', 4],
      ['initial_temp', '5.0', 5, 'float', 0.05, 500, 'log', 5],
      ['drift', '-0.1', -0.1, 'float', -1, 0, 'linear', 7],
      ['cooling', '0.95', 0.95, 'float', 0.001, 1, 'log', 8],
    ]);
    for (const k of r.knobs) {
      expect(knobSchema.parse(k)).toEqual(k);
      expect(program.slice(k.start, k.end)).toBe(k.sourceLiteral);
      expect(k.origin).toBe('llm');
    }
    expect(r.knobs[1].note).toBe('initial temperature');
    // The rewrite takes them as they are: -0.1 becomes PARAMS["drift"] with value -0.1.
    const p = parameterise(program, 'python', r.knobs);
    expect(p.source).toContain('x = x - 0.01 * x + PARAMS["drift"]');
    expect(p.source).toContain('"drift": -0.1,');
  });

  it('drops a spec whose literal is not in the program, a duplicate literal, an ambiguous one and a malformed one, saying why', async () => {
    const { settings } = await setup([
      {
        kind: 'answer',
        answer: {
          hparams: [
            spec({ name: 'temp' }),
            spec({ name: 'ghost', source_literal: '0.123', context_line: 'rate = 0.123', default: 0.123 }),
            spec({ name: 'temp_again', low: 1, high: 10 }),
            spec({ name: 'wrong_line', source_literal: '0.95', context_line: 'temp *= 0.96' }),
            spec({ name: 'wrong_default', source_literal: '0.01', context_line: 'x = x - 0.01 * x + -0.1', default: 0.02 }),
            { name: 'broken', source_literal: '0.95' },
          ],
        },
      },
    ]);
    const r = await proposeKnobsWithLlm(program, 'python', { settings });
    expect(r.knobs.map((k) => k.name)).toEqual(['temp']);
    expect(r.dropped).toEqual([
      { name: 'ghost', reason: 'its source_literal "0.123" does not occur in the program' },
      { name: 'temp_again', reason: 'the same literal as "temp"' },
      { name: 'wrong_line', reason: 'its context_line matches no line of the program ("temp *= 0.96")' },
      { name: 'wrong_default', reason: "its default 0.02 is not the literal's value 0.01" },
      { name: 'broken', reason: expect.stringMatching(/^malformed spec: context_line: .*default: /) },
    ]);
  });

  it('a malformed answer (not JSON, or not {"hparams": [...]}) is an error, after the configured retries', async () => {
    const { server, settings } = await setup([
      { kind: 'content', content: 'Here are the knobs: step_size = 0.1' },
      { kind: 'answer', answer: { knobs: [] } },
    ], 1);
    const err = await proposeKnobsWithLlm(program, 'python', { settings }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KnobLlmError);
    // A tuning experiment ends 'failed' with this message (runExperiment reports ExperimentFailure messages).
    expect(err).toBeInstanceOf(ExperimentFailure);
    expect((err as Error).message).toMatch(/no usable knob list: the answer does not match the expected shape \(hparams: .*\(after 2 attempts\)/);
    expect(server.requests).toHaveLength(2);
  });
});

describe('knobsFromSpecs: literals and signs on the syntax tree', () => {
  const src = 'a = -0.1\nb = 0.1 + 0.1\nc = 3  # 3 in a comment\n';
  const s = (over: Record<string, unknown>) => spec({ scale: 'linear', low: -1, high: 1, ...over });
  it('the number after a unary minus: by default the minus stays in the code; a negative default takes the signed literal', () => {
    const r1 = knobsFromSpecs(src, 'python', [s({ name: 'a', source_literal: '0.1', context_line: 'a = -0.1', default: 0.1, low: 0.01, high: 1 })]);
    expect(r1.knobs.map((k) => [k.sourceLiteral, k.value, k.start])).toEqual([['0.1', 0.1, 5]]);
    expect(parameterise(src, 'python', r1.knobs).source).toContain('a = -PARAMS["a"]');
    const r2 = knobsFromSpecs(src, 'python', [s({ name: 'a', source_literal: '0.1', context_line: 'a = -0.1', default: -0.1 })]);
    expect(r2.knobs.map((k) => [k.sourceLiteral, k.value, k.start])).toEqual([['-0.1', -0.1, 4]]);
  });

  it('a literal twice on its line is ambiguous; a number in a comment is not a literal; names become identifiers', () => {
    const r = knobsFromSpecs(src, 'python', [
      s({ name: 'b', source_literal: '0.1', context_line: 'b = 0.1 + 0.1', default: 0.1 }),
      s({ name: 'Count of C', source_literal: '3', context_line: 'c = 3  # 3 in a comment', default: 3, low: 1, high: 9, kind: 'int' }),
    ]);
    expect(r.dropped).toEqual([{ name: 'b', reason: 'its source_literal "0.1" occurs 2 times on line 2: ambiguous' }]);
    expect(r.knobs.map((k) => [k.name, k.start, k.type])).toEqual([['count_of_c', src.indexOf('c = 3') + 4, 'int']]);
  });

  it('caps at 8 knobs', () => {
    const many = Array.from({ length: 10 }, (_, i) => `v${i} = ${i + 2}.5`).join('\n');
    const specs = Array.from({ length: 10 }, (_, i) => s({ name: `v${i}`, source_literal: `${i + 2}.5`, context_line: `v${i} = ${i + 2}.5`, default: i + 2.5, low: 0.1, high: 20 }));
    const r = knobsFromSpecs(many, 'python', specs);
    expect(r.knobs).toHaveLength(8);
    expect(r.dropped).toEqual([{ name: 'v8', reason: 'past the cap of 8 knobs' }, { name: 'v9', reason: 'past the cap of 8 knobs' }]);
  });
});

describe('the B.9 prompt', () => {
  it('is the paper text from its first line to its last', () => {
    expect(KNOB_SYSTEM_PROMPT.startsWith('You are an expert at identifying tunable hyperparameters in heuristic\noptimisation code.\n')).toBe(true);
    expect(KNOB_SYSTEM_PROMPT.endsWith('{"hparams": [ { ...one knob... }, ... ]}\nNo commentary, no markdown fences.')).toBe(true);
    expect(KNOB_SYSTEM_PROMPT).toContain('- If high/low >= 100, scale MUST be "log" (BO converges much faster\non log-scale priors over wide intervals).');
    expect(KNOB_SYSTEM_PROMPT).toContain('cooling factor (0<x<1) linear [0.5, 0.99999] (always wide)');
  });
});
