/** Number formatting shared by the commands' human-readable output. */

export function fixed(x: number, digits = 4): string {
  return Number.isFinite(x) ? x.toFixed(digits) : String(x);
}

/** "0.9533 ± 0.0427", or just the mean when there is no spread to report. */
export function meanSd(mean: number, sd: number | null, digits = 4): string {
  return sd === null ? fixed(mean, digits) : `${fixed(mean, digits)} ± ${fixed(sd, digits)}`;
}

/** Milliseconds with a precision that suits their size. */
export function ms(x: number): string {
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}
