/** The known name nearest to `given` (case-insensitive edit distance at most 1/3 of its length), or null. */
export function closestName(given: string, known: readonly string[]): string | null {
  const g = given.toLowerCase();
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.floor(given.length / 3)) + 1;
  for (const k of known) {
    const dist = editDistance(g, k.toLowerCase());
    if (dist < bestDistance) {
      best = k;
      bestDistance = dist;
    }
  }
  return best;
}

/** Edit distance counting an adjacent swap as one edit ("irsi" → "iris"; optimal string alignment, three rows). */
function editDistance(a: string, b: string): number {
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}
