/*
 * erf / erfc for double precision, ported from FreeBSD msun s_erf.c (via @stdlib/math-base-special-erfc,
 * Apache-2.0). The original notice is kept as its licence requires:
 *
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 * Developed at SunPro, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this software is freely granted, provided that
 * this notice is preserved.
 *
 * Error below 1 ulp on the whole range (rational approximations on [0, 0.84375), [0.84375, 1.25),
 * [1.25, 1/0.35), [1/0.35, 28)).
 */

const ERX = 8.45062911510467529297e-1;
const EFX = 1.28379167095512586316e-1;

// A scratch view to clear the low word of a double (pseudo single precision), as the original does.
const scratch = new Float64Array(1);
const words = new Uint32Array(scratch.buffer);
const LOW = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;

function pp(z: number): number {
  return -0.3250421072470015 + z * (-0.02848174957559851 + z * (-0.005770270296489442 + z * -0.000023763016656650163));
}
function qq(z: number): number {
  return (
    0.39791722395915535 +
    z * (0.0650222499887673 + z * (0.005081306281875766 + z * (0.00013249473800432164 + z * -0.000003960228278775368)))
  );
}
function pa(s: number): number {
  return (
    0.41485611868374833 +
    s *
      (-0.3722078760357013 +
        s * (0.31834661990116175 + s * (-0.11089469428239668 + s * (0.035478304325618236 + s * -0.002166375594868791))))
  );
}
function qa(s: number): number {
  return (
    0.10642088040084423 +
    s *
      (0.540397917702171 +
        s * (0.07182865441419627 + s * (0.12617121980876164 + s * (0.01363708391202905 + s * 0.011984499846799107))))
  );
}
function ra(s: number): number {
  return (
    -0.6938585727071818 +
    s *
      (-10.558626225323291 +
        s *
          (-62.375332450326006 +
            s * (-162.39666946257347 + s * (-184.60509290671104 + s * (-81.2874355063066 + s * -9.814329344169145)))))
  );
}
function sa(s: number): number {
  return (
    19.651271667439257 +
    s *
      (137.65775414351904 +
        s *
          (434.56587747522923 +
            s *
              (645.3872717332679 +
                s * (429.00814002756783 + s * (108.63500554177944 + s * (6.570249770319282 + s * -0.0604244152148581))))))
  );
}
function rb(s: number): number {
  return (
    -0.799283237680523 +
    s *
      (-17.757954917754752 +
        s * (-160.63638485582192 + s * (-637.5664433683896 + s * (-1025.0951316110772 + s * -483.5191916086514))))
  );
}
function sb(s: number): number {
  return (
    30.33806074348246 +
    s *
      (325.7925129965739 +
        s *
          (1536.729586084437 +
            s * (3199.8582195085955 + s * (2553.0504064331644 + s * (474.52854120695537 + s * -22.44095244658582)))))
  );
}

/** erf(x) for |x| < 0.84375 (where erf is computed directly, not as 1 − erfc). */
export function erfSmall(x: number): number {
  if (Math.abs(x) < 1.3877787807814457e-17) return x + EFX * x;
  const z = x * x;
  const y = (0.12837916709551256 + z * pp(z)) / (1 + z * qq(z));
  return x + x * y;
}

/** erfc(x) for x ≥ 0.84375 (the range where the complement carries the precision). */
export function erfcLarge(x: number): number {
  if (x < 1.25) {
    const s = x - 1;
    const p = -0.0023621185607526594 + s * pa(s);
    const q = 1 + s * qa(s);
    return 1 - ERX - p / q;
  }
  if (x >= 28) return 0;
  const s = 1 / (x * x);
  let r: number;
  let q: number;
  if (x < 1 / 0.35) {
    r = -0.009864944034847148 + s * ra(s);
    q = 1 + s * sa(s);
  } else {
    r = -0.009864942924700099 + s * rb(s);
    q = 1 + s * sb(s);
  }
  scratch[0] = x;
  words[LOW] = 0;
  const z = scratch[0];
  return (Math.exp(-z * z - 0.5625) * Math.exp((z - x) * (z + x) + r / q)) / x;
}
