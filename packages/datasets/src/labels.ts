const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A field in decimal or scientific notation (surrounding blanks allowed), as a number; NaN for
 * anything else: no hex ("0x10"), binary, "Infinity", empty or blank fields. A decimal that
 * overflows ("1e309") reads as ±Infinity, for the caller to report.
 */
export function parseDecimal(field: string): number {
  const s = field.trim();
  return DECIMAL.test(s) ? Number(s) : NaN;
}

/** A field that reads as a finite decimal number ({@link parseDecimal}), else NaN. */
export function parseFinite(field: string): number {
  const v = parseDecimal(field);
  return Number.isFinite(v) ? v : NaN;
}

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Distinct values, sorted: numbers ascending, otherwise strings in code-unit order. */
export function sortedDistinct<T extends string | number>(values: Iterable<T>): T[] {
  return [...new Set(values)].sort(compareValues);
}

/**
 * Sort order for categorical levels: numerically when every level reads as a number (so "2" < "10"),
 * ties (e.g. "1" vs "1.0") and everything else by string.
 */
export function sortLevels(levels: string[]): string[] {
  const nums = levels.map(parseFinite);
  if (nums.every((v) => !Number.isNaN(v))) {
    const idx = levels.map((_, i) => i);
    idx.sort((a, b) => nums[a]! - nums[b]! || compareValues(levels[a]!, levels[b]!));
    return idx.map((i) => levels[i]!);
  }
  return [...levels].sort(compareValues);
}
