import { InvalidArgumentError } from '@dt/errors';
import { checkExportOptions } from './export-options.js';
import type { FittedTreeEstimator as TreeModel } from '../model-file/model-format.js';
import { describeSplit, formatLevelSet, formatTerms } from './split-format.js';
import { AXIS, LEAF, type Tree } from '../tree/tree.js';
import { checkTreeModel } from '../tree/check-tree-model.js';

/** Options of exportText and exportDot; every field is optional. */
export interface ExportOptions {
  /** Feature names; defaults to the names given at fit, else feature_0, feature_1, ... */
  featureNames?: readonly string[];
  /** Digits after the decimal point for thresholds and values (default 2). */
  decimals?: number;
  /** Deeper nodes are summarised as "truncated branch" (default: no limit). */
  maxDepth?: number;
  /**
   * Level names of categorical features, indexed by feature then level code, null for a numeric
   * feature — e.g. a Dataset's `categories`. CRIMCOORD splits and axis splits on level codes then
   * read as level sets (`relationship in {Husband, Wife}`). Default: the codes.
   */
  categories?: readonly (readonly string[] | null)[];
  /**
   * Show where missing values (NaN) go at every axis split: `feature_2 <= 1.50 (missing → left)`
   * (default false; a split with threshold +inf — "every value left, NaN right" — always shows it).
   */
  showMissing?: boolean;
}

const EXPORT_KEYS: readonly (keyof ExportOptions)[] = ['featureNames', 'decimals', 'maxDepth', 'categories', 'showMissing'];

function showMissingOption(o: ExportOptions): boolean {
  const v = o.showMissing ?? false;
  if (typeof v !== 'boolean') throw new InvalidArgumentError('options.showMissing', 'true or false', v);
  return v;
}

function names(model: TreeModel, o: ExportOptions): readonly string[] {
  const d = model.tree.nFeatures;
  const given = o.featureNames ?? model.featureNames;
  if (given && given.length !== d) throw new InvalidArgumentError('featureNames', `${d} names`, given);
  return given ?? Array.from({ length: d }, (_, i) => `feature_${i}`);
}

function fmt(x: number, decimals: number): string {
  return x === Number.POSITIVE_INFINITY ? '+inf' : x.toFixed(decimals);
}

/**
 * The two branch conditions of a split. A split on one categorical feature alone is shown as the
 * level set it sends left ("colour in {red, blue}"), exactly as prediction routes the levels; other
 * splits as "expr <= t" / "expr >  t" (at most 4 terms), with each categorical feature's level
 * scores listed after.
 */
function splitConditions(
  tree: Tree,
  node: number,
  featureNames: readonly string[],
  decimals: number,
  categories: ExportOptions['categories'],
  showMissing: boolean,
): { left: string; right: string; notes: string[] } {
  const d = describeSplit(tree, node, featureNames, categories);
  // Where NaN goes (axis splits without a CRIMCOORD map; the +inf split only makes sense with it).
  const axisMissing = (always: boolean): string =>
    tree.kind[node] === AXIS && tree.catCount[node] === 0 && (showMissing || always) ? ` (missing → ${tree.missingGoToLeft[node] === 1 ? 'left' : 'right'})` : '';
  if (d.type === 'levels') {
    const right = formatLevelSet(d.right, d.unseenLeft === null ? null : !d.unseenLeft);
    return { left: `${d.name} in ${formatLevelSet(d.left, d.unseenLeft)}${axisMissing(false)}`, right: `${d.name} in ${right}`, notes: [] };
  }
  const more = d.terms.length - 4;
  const expr = formatTerms(d, decimals, 4) + (more > 0 ? ` + …(${more} more)` : '');
  const t = fmt(d.threshold, decimals);
  const notes = d.scores.map((m) => `score(${m.name}): ${m.levels.map((l) => `${l.level} ${fmt(l.score, decimals)}`).join(', ')}; unseen 0`);
  return { left: `${expr} <= ${t}${axisMissing(d.threshold === Number.POSITIVE_INFINITY)}`, right: `${expr} >  ${t}`, notes };
}

function leafText(model: TreeModel, node: number, decimals: number): string {
  const tree = model.tree;
  if (model.task === 'classification') {
    return `class: ${model.classes![tree.valueArgmax(node)]}`;
  }
  return `value: [${fmt(tree.value[node]!, decimals)}]`;
}

/** Plain-text rules in scikit-learn's export_text layout. */
export function exportText(model: TreeModel, options: ExportOptions = {}): string {
  checkTreeModel(model);
  const tree = model.tree;
  const { decimals, maxDepth } = checkExportOptions(options, EXPORT_KEYS, 2);
  const showMissing = showMissingOption(options);
  const fn = names(model, options);
  const lines: string[] = [];
  // Explicit stack (trees can be 100,000 deep): a node to expand, or a line to emit, in pre-order.
  const nodes: number[] = [0];
  const depths: number[] = [0];
  const pending: (string | null)[] = [null];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    const line = pending.pop()!;
    if (line !== null) {
      lines.push(line);
    }
    const indent = '|   '.repeat(depth) + '|--- ';
    if (tree.kind[node] === LEAF) {
      lines.push(indent + leafText(model, node, decimals));
      continue;
    }
    if (depth >= maxDepth) {
      lines.push(`${indent}truncated branch of depth ${subtreeDepth(tree, node)}`);
      continue;
    }
    const c = splitConditions(tree, node, fn, decimals, options.categories, showMissing);
    const noteIndent = '|   '.repeat(depth) + '|    ';
    for (const n of c.notes) lines.push(`${noteIndent}(${n})`);
    lines.push(`${indent}${c.left}`);
    // Right branch after the left subtree: its condition line travels with it.
    nodes.push(tree.right[node]!, tree.left[node]!);
    depths.push(depth + 1, depth + 1);
    pending.push(`${indent}${c.right}`, null);
  }
  return lines.join('\n') + '\n';
}

/** Depth of the subtree under `node` (0 for a leaf); iterative. */
function subtreeDepth(tree: Tree, node: number): number {
  let best = 0;
  const stack: number[] = [node, 0];
  while (stack.length > 0) {
    const depth = stack.pop()!;
    const n = stack.pop()!;
    if (depth > best) best = depth;
    if (tree.kind[n] !== LEAF) stack.push(tree.left[n]!, depth + 1, tree.right[n]!, depth + 1);
  }
  return best;
}

function dotEscape(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** Graphviz DOT source (render with `dot -Tsvg`). */
export function exportDot(model: TreeModel, options: ExportOptions = {}): string {
  checkTreeModel(model);
  const tree = model.tree;
  const { decimals, maxDepth } = checkExportOptions(options, EXPORT_KEYS, 3);
  const showMissing = showMissingOption(options);
  const fn = names(model, options);
  const isC = model.task === 'classification';
  const crit = model.options.criterion.name;
  const out = [
    'digraph Tree {',
    'node [shape=box, style="filled, rounded", color="black", fontname="helvetica"] ;',
    'edge [fontname="helvetica"] ;',
  ];
  // Explicit stack (trees can be 100,000 deep); pre-order, left before right.
  // Each entry: node, depth, parent (-1 for the root); the edge from the parent is written first.
  const stack: number[] = [0, 0, -1];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    const depth = stack.pop()!;
    const node = stack.pop()!;
    if (parent >= 0) {
      const isLeft = tree.left[parent] === node;
      const label = parent === 0 ? (isLeft ? ' [labeldistance=2.5, labelangle=45, headlabel="True"]' : ' [labeldistance=2.5, labelangle=-45, headlabel="False"]') : '';
      out.push(`${parent} -> ${node}${label} ;`);
    }
    const parts: string[] = [];
    if (tree.kind[node] !== LEAF && depth < maxDepth) {
      const c = splitConditions(tree, node, fn, decimals, options.categories, showMissing);
      parts.push(c.left, ...c.notes);
    }
    parts.push(`${crit} = ${fmt(tree.impurity[node]!, decimals)}`);
    parts.push(`samples = ${tree.nSamples[node]}`);
    if (isC) {
      const v = Array.from(tree.valueRow(node), (x) => +x.toFixed(decimals));
      parts.push(`value = [${v.join(', ')}]`);
      parts.push(leafText(model, node, decimals).replace('class: ', 'class = '));
    } else {
      parts.push(`value = ${fmt(tree.value[node]!, decimals)}`);
    }
    const fill = tree.kind[node] === LEAF ? '#e5f5e0' : '#f0f0f0';
    out.push(`${node} [label="${parts.map(dotEscape).join('\\n')}", fillcolor="${fill}"] ;`);
    if (tree.kind[node] === LEAF || depth >= maxDepth) continue;
    stack.push(tree.right[node]!, depth + 1, node, tree.left[node]!, depth + 1, node);
  }
  out.push('}');
  return out.join('\n') + '\n';
}
