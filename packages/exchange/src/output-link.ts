/**
 * What the origin library applies to raw scores: LightGBM's and XGBoost's objectives (sigmoid with
 * LightGBM's `sigmoid` scale, softmax, exp for log-link objectives, identity) and onnxruntime's
 * TreeEnsembleClassifier post-transforms, including its binary case (one weight per leaf, the score
 * of the positive class: probabilities [1 - s, s] when every weight is >= 0, [-s, s] otherwise, and
 * the label by s > 0.5, resp. s > 0). `float32`: the library computes the transform in float32.
 */
export type OutputLink =
  | { readonly kind: 'identity' }
  | { readonly kind: 'exp' }
  | { readonly kind: 'sigmoid'; readonly scale: number }
  | { readonly kind: 'softmax' }
  | {
      readonly kind: 'onnx';
      readonly postTransform: 'NONE' | 'LOGISTIC' | 'SOFTMAX' | 'SOFTMAX_ZERO';
      /** One raw column for two classes (ONNX's binary case). */
      readonly binary: boolean;
      readonly allPositive: boolean;
    };

function logistic(v: number): number {
  return 1 / (1 + Math.exp(-v));
}

/** Transforms rows × width raw scores in place into the model's output (probabilities or values). */
export function applyLink(link: OutputLink, raw: Float64Array, rows: number, width: number, float32: boolean): Float64Array {
  const r32 = float32 ? Math.fround : (v: number) => v;
  switch (link.kind) {
    case 'identity':
      return raw;
    case 'exp':
      for (let i = 0; i < raw.length; i++) raw[i] = r32(Math.exp(raw[i]!));
      return raw;
    case 'sigmoid': {
      if (width !== 1) {
        for (let i = 0; i < raw.length; i++) raw[i] = r32(logistic(link.scale * raw[i]!));
        return raw;
      }
      const out = new Float64Array(rows * 2);
      for (let r = 0; r < rows; r++) {
        const p = r32(logistic(link.scale * raw[r]!));
        out[2 * r] = r32(1 - p);
        out[2 * r + 1] = p;
      }
      return out;
    }
    case 'softmax':
      for (let r = 0; r < rows; r++) softmax(raw, r * width, width, r32, false);
      return raw;
    case 'onnx': {
      let scores = raw;
      let w = width;
      if (link.binary) {
        scores = new Float64Array(rows * 2);
        w = 2;
        for (let r = 0; r < rows; r++) {
          const s = raw[r]!;
          if (link.allPositive) {
            scores[2 * r] = r32(1 - s);
            scores[2 * r + 1] = s;
          } else if (link.postTransform === 'LOGISTIC') {
            // onnxruntime writes logistic(-s), logistic(s) here and applies nothing more.
            scores[2 * r] = r32(logistic(-s));
            scores[2 * r + 1] = r32(logistic(s));
            continue;
          } else {
            scores[2 * r] = -s;
            scores[2 * r + 1] = s;
          }
        }
        if (!link.allPositive && link.postTransform === 'LOGISTIC') return scores;
      }
      if (link.postTransform === 'LOGISTIC') for (let i = 0; i < scores.length; i++) scores[i] = r32(logistic(scores[i]!));
      else if (link.postTransform !== 'NONE') {
        for (let r = 0; r < rows; r++) softmax(scores, r * w, w, r32, link.postTransform === 'SOFTMAX_ZERO');
      }
      return scores;
    }
  }
}

/** Softmax of v[at, at + k) in place, the maximum subtracted first; `skipZero`: zeros stay 0 (SOFTMAX_ZERO). */
function softmax(v: Float64Array, at: number, k: number, r32: (x: number) => number, skipZero: boolean): void {
  let max = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < k; j++) if (v[at + j]! > max) max = v[at + j]!;
  let sum = 0;
  for (let j = 0; j < k; j++) {
    const e = skipZero && v[at + j] === 0 ? 0 : r32(Math.exp(v[at + j]! - max));
    v[at + j] = e;
    sum += e;
  }
  for (let j = 0; j < k; j++) v[at + j] = r32(v[at + j]! / sum);
}

/** onnxruntime's label rule for two classes: the positive class when the score passes 0.5 (all weights >= 0) or 0. */
export function onnxBinaryPositive(link: OutputLink, raw: Float64Array, r: number, width: number): boolean {
  if (link.kind !== 'onnx') return false;
  const s = link.binary ? raw[r]! : raw[r * width + 1]!;
  return link.binary && link.allPositive ? s > 0.5 : s > 0;
}
