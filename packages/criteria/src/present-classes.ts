/**
 * The distinct class codes among a scan's n entries, ascending, for scans whose class count is far
 * above their entry count (10,000 classes in a node of 50 samples): the scan then initialises and
 * sums over these k <= n classes instead of all C, in the same class order, so its sums are the same
 * numbers (absent classes add exact zeros) at O(n + k log k) instead of O(C) per scan.
 */
let mark = new Int32Array(64);
let stamp = 0;
export let presentList = new Int32Array(64);

/** Fills `presentList` with the classes of labels[0, n) ascending and returns their count. */
export function collectPresentClasses(labels: Int32Array, n: number, nClasses: number): number {
  if (mark.length < nClasses) {
    mark = new Int32Array(Math.max(nClasses, 2 * mark.length));
    stamp = 0;
  }
  if (presentList.length < Math.min(n, nClasses)) presentList = new Int32Array(Math.max(n, 2 * presentList.length));
  if (++stamp === 0x7fffffff) {
    mark.fill(0);
    stamp = 1;
  }
  const s = stamp;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const c = labels[i]!;
    if (mark[c] !== s) {
      mark[c] = s;
      presentList[k++] = c;
    }
  }
  presentList.subarray(0, k).sort();
  return k;
}
