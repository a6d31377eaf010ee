// The standard normal's density and distribution function, for expected improvement. Written out
// rather than approximated (Abramowitz-Stegun 7.1.26 is only good to 1.5e-7, which is coarse when
// EI compares candidates far in the tail): two regimes, each accurate to ~1e-15 where it is used.
//   |x| < 2.5: erf by its Taylor series in the form with only positive terms (no cancellation):
//              erf(x) = 2/sqrt(pi) exp(-x^2) sum_n x (2x^2)^n / (1*3*...*(2n+1))
//   |x| >= 2.5: erfc by its continued fraction, evaluated bottom-up, so the tail keeps its
//              RELATIVE accuracy (1 - erf would be all rounding error there):
//              erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))

const SQRT_PI = Math.sqrt(Math.PI);
const SQRT2 = Math.SQRT2;
const SQRT_2PI = Math.sqrt(2 * Math.PI);
const SWITCH = 2.5;

function erfSeries(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let n = 1; n < 200; n++) {
    term *= (2 * x2) / (2 * n + 1);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return ((2 / SQRT_PI) * Math.exp(-x2) * sum);
}

/** erfc(x) for x >= SWITCH: 120 levels of the continued fraction are exact to double precision there. */
function erfcFraction(x: number): number {
  let f = x;
  for (let k = 120; k >= 1; k--) f = x + k / 2 / f;
  return Math.exp(-x * x) / (SQRT_PI * f);
}

export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const a = Math.abs(x);
  const v = a < SWITCH ? erfSeries(a) : 1 - erfcFraction(a);
  return x < 0 ? -v : v;
}

export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x >= SWITCH) return erfcFraction(x);
  if (x <= -SWITCH) return 2 - erfcFraction(-x);
  return 1 - (x < 0 ? -erfSeries(-x) : erfSeries(x));
}

export function normPdf(z: number): number {
  return Math.exp(-0.5 * z * z) / SQRT_2PI;
}

/** P(Z <= z) for a standard normal Z, accurate in relative terms deep in the lower tail. */
export function normCdf(z: number): number {
  return 0.5 * erfc(-z / SQRT2);
}
