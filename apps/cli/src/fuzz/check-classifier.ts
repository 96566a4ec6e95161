/** The checks every fuzz target applies to a classifier's outputs (trees, forests, boosting). */

/** Null when every prediction is a class and every row of `proba` (rows × classes, row-major) lies in [0, 1] and sums to 1. */
export function checkClassifierOutputs(classes: readonly unknown[], predictions: readonly unknown[], proba: Float64Array, rows: number): string | null {
  const known = new Set<unknown>(classes);
  for (const p of predictions) if (!known.has(p)) return `predict returned ${String(p)}, not a class`;
  const C = classes.length;
  for (let r = 0; r < rows; r++) {
    let sum = 0;
    for (let c = 0; c < C; c++) {
      const p = proba[r * C + c]!;
      if (!(p >= 0 && p <= 1)) return `predictProba returned ${p}`;
      sum += p;
    }
    if (Math.abs(sum - 1) > 1e-9) return `predictProba row sums to ${sum}`;
  }
  return null;
}
