// CUDA through the C++ grammar: the complexity measures (complexity.ts), the offline judge's
// syntax facts, the knob finder and the ablations parse CUDA sources with tree-sitter's C++
// grammar after this rewrite.

/**
 * CUDA through the C++ grammar without spurious errors: execution-space qualifiers become blanks,
 * `k<<<grid, block>>>(args)` becomes the call `k(  grid, block  )(args)` (its launch-configuration
 * literals are then call arguments), and `__launch_bounds__(...)` / `__align__(...)` become C++11
 * attributes. Every rewrite keeps the text's length and line breaks.
 */
export function normalizeCuda(code: string): string {
  if (!code.includes('__') && !code.includes('<<<')) return code;
  return code
    .replace(/\b__(?:global|device|host|shared|constant|managed|forceinline|noinline|grid_constant)__\b/g, (m) => ' '.repeat(m.length))
    .replace(/<<<([^;]*?)>>>/g, (_m, inner: string) => `(  ${inner}  )`)
    .replace(/\b__launch_bounds__\(([^()]*)\)/g, (_m, a: string) => `[[launch_bounds(${a})]]`)
    .replace(/\b__align__\(([^()]*)\)/g, (_m, a: string) => `[[align(${a})]]`);
}
