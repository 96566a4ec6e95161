/**
 * `dt show` output is bounded: a tree's text indents each line by its depth, so a chain n deep
 * prints O(n²) characters (a 100,000-deep chain: about 2·10¹⁰, past what a string can hold). The
 * output's size is estimated per level before anything is rendered; without --max-depth a tree too
 * large to show whole is shown to the deepest level that fits (and says so), and a --max-depth whose
 * output would not fit is refused naming the largest that does.
 */
import type { Tree } from '@dt/core';
import { InvalidArgumentError } from '@dt/errors';

/** Most characters `dt show` writes for one tree (2^27: well under V8's 2^29 string limit). */
export const MAX_SHOW_CHARS = 2 ** 27;

/** Characters per node, by format: text lines are indented 4 per level, DOT and SVG are not. */
function nodeChars(format: string, depth: number): number {
  if (format === 'text') return 4 * depth + 80;
  return format === 'dot' ? 160 : 400;
}

/** The depth limit to export with (undefined: the whole tree) and a note when it was chosen here. */
export function boundedDepth(tree: Tree, format: string, maxDepth: number | undefined): { maxDepth: number | undefined; note: string | null } {
  const n = tree.nodeCount;
  // Children come after their parents: one pass gives every node's depth.
  const depth = new Int32Array(n);
  const perLevel: number[] = [];
  for (let i = 0; i < n; i++) {
    const d = depth[i]!;
    perLevel[d] = (perLevel[d] ?? 0) + nodeChars(format, d);
    const l = tree.left[i]!;
    const r = tree.right[i]!;
    if (l > i) depth[l] = d + 1;
    if (r > i) depth[r] = d + 1;
  }
  // The deepest level whose output (every level up to it) fits.
  let total = 0;
  let fits = -1;
  for (let d = 0; d < perLevel.length; d++) {
    total += perLevel[d] ?? 0;
    if (total > MAX_SHOW_CHARS) break;
    fits = d;
  }
  const deepest = perLevel.length - 1;
  if (maxDepth !== undefined) {
    if (maxDepth > fits && fits < deepest) throw new InvalidArgumentError('--max-depth', `at most ${fits} for this tree (deeper, its ${format} passes ${MAX_SHOW_CHARS} characters)`, maxDepth);
    return { maxDepth, note: null };
  }
  if (fits >= deepest) return { maxDepth: undefined, note: null };
  return { maxDepth: fits, note: `dt show: the tree is ${deepest.toLocaleString('en-US')} levels deep; showing the top ${fits.toLocaleString('en-US')} (the whole ${format} would pass ${MAX_SHOW_CHARS} characters; --max-depth N for fewer)\n` };
}
