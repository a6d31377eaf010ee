import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { omegaConfLikeConfig } from '../importers/testOmegaConf';
import { parseYamlBounded } from './parseYaml';

/** Nine levels of nine aliases: 9^9 (387 million) values once written out. */
function billionLaughs(): string {
  const lines = ['l0: &l0 "lol"'];
  for (let i = 1; i <= 9; i++) lines.push(`l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  return lines.join('\n');
}

describe('parseYamlBounded', () => {
  it('loads an OmegaConf-style config with 84 aliases that the default alias guard refuses', () => {
    const { text, aliases } = omegaConfLikeConfig();
    expect(aliases).toBe(84);
    expect((text.match(/\*id\d+/g) ?? []).length).toBe(84);
    expect(text.length).toBeGreaterThan(11_000);
    expect(() => YAML.parse(text)).toThrow(/Excessive alias count/);
    const cfg = parseYamlBounded(text) as Record<string, Record<string, unknown>>;
    expect(cfg.evolution_config.llm_models).toEqual(['gpt-4.1', 'o4-mini', 'gemini-2.5-pro']);
    expect((cfg.stage_004 as { llm_kwargs: { models: string[] } }).llm_kwargs.models).toEqual(['gpt-4.1', 'o4-mini', 'gemini-2.5-pro']);
    expect((cfg.islands as unknown as unknown[]).length).toBe(16);
  });

  it('refuses a billion-laughs document quickly, by its expanded size', () => {
    const t0 = performance.now();
    expect(() => parseYamlBounded(billionLaughs())).toThrow(/expand to more than/);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('refuses an alias to a node that contains it', () => {
    expect(() => parseYamlBounded('a: &x\n  b: *x\n')).toThrow();
  });

  it('reports syntax errors', () => {
    expect(() => parseYamlBounded('a: [1, 2\n')).toThrow();
  });
});
