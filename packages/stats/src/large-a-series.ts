import { erfcLarge, erfSmall } from './erf.js';


// 1 / (2n+1)! for n = 0..30.
const INV_ODD_FACTORIAL = new Float64Array(31);
{
  let f = 1;
  for (let k = 1; k <= 61; k++) {
    f *= k;
    if (k % 2 === 1) INV_ODD_FACTORIAL[(k - 1) / 2] = 1 / f;
  }
}
const P = new Float64Array(30);

/** erfc(√u) for u ≥ 0, i.e. the regularised upper incomplete gamma Q(½, u). */
function gammaQHalf(u: number): number {
  const r = Math.sqrt(u);
  return r < 0.84375 ? 1 - erfSmall(r) : erfcLarge(r);
}

/**
 * I_x(a, ½) for large a by the asymptotic series of DiDonato & Morris (1992, BGRAT; as in Boost's
 * `beta_small_b_large_a_series`), specialised to b = ½ where Q(½, u) = erfc(√u): the continued
 * fraction loses digits near x ≈ 1 when a is large (df ≥ 1e4), this series does not.
 * `logGammaRatio` = log Γ(a + ½) − log Γ(a); `logX` = log x (accurate, from log1p when x ≈ 1).
 */
export function incompleteBetaLargeA(a: number, logX: number, logGammaRatio: number): number {
  const b = 0.5;
  const bm1 = b - 1;
  const t = a + bm1 / 2;
  const u = -t * logX;
  // h = u^b e^−u / Γ(b); prefix = h Γ(a+b) / (Γ(a) t^b)
  const logH = b * Math.log(u) - u - 0.5 * Math.log(Math.PI);
  const prefix = Math.exp(logH + logGammaRatio - b * Math.log(t));
  const h = Math.exp(logH);
  if (h === 0) return 0;
  let j = gammaQHalf(u) / h;
  let sum = prefix * j;
  const lx2 = (logX / 2) * (logX / 2);
  let lxp = 1;
  const t4 = 4 * t * t;
  let b2n = b;
  P[0] = 1;
  for (let n = 1; n < 30; n++) {
    let pn = 0;
    for (let m = 1; m < n; m++) pn += ((m * b - n) * P[n - m]!) * INV_ODD_FACTORIAL[m]!;
    pn /= n;
    pn += bm1 * INV_ODD_FACTORIAL[n]!;
    P[n] = pn;
    j = (b2n * (b2n + 1) * j + (u + b2n + 1) * lxp) / t4;
    lxp *= lx2;
    b2n += 2;
    const r = prefix * pn * j;
    sum += r;
    if (Math.abs(r) <= 1e-17 * Math.abs(sum)) break;
  }
  return sum;
}
