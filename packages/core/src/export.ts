import { InvalidArgumentError } from '@dt/errors';
import { DecisionTreeClassifier } from './decision-tree-classifier.js';
import type { TreeModel } from './model-format.js';
import { AXIS, LEAF, type Tree } from './tree.js';

export interface ExportOptions {
  /** Feature names; defaults to the names given at fit, else feature_0, feature_1, ... */
  featureNames?: readonly string[];
  /** Digits after the decimal point for thresholds and values (default 2). */
  decimals?: number;
  /** Deeper nodes are summarised as "truncated branch" (default: no limit). */
  maxDepth?: number;
  /**
   * Level names of categorical features (CRIMCOORD), indexed by feature then level code, null for a
   * numeric feature — e.g. a Dataset's `categories`. Default: the codes.
   */
  categories?: readonly (readonly string[] | null)[];
}

function names(model: TreeModel, o: ExportOptions): readonly string[] {
  const d = model.nFeatures;
  const given = o.featureNames ?? model.featureNames;
  if (given && given.length !== d) throw new InvalidArgumentError('featureNames', `${d} names`, given);
  return given ?? Array.from({ length: d }, (_, i) => `feature_${i}`);
}

function fmt(x: number, decimals: number): string {
  return x.toFixed(decimals);
}

/** Left-hand side of a split test, e.g. "petal_width" or "0.71·a + 0.70·b". */
function splitExpression(tree: Tree, node: number, featureNames: readonly string[], decimals: number): string {
  if (tree.kind[node] === AXIS) return featureNames[tree.feature[node]!]!;
  const { features, weights } = tree.splitFeatures(node);
  const cats = new Set(tree.categoricalMaps(node).map((m) => m.feature));
  const terms = features.map((f, j) => ({ f, w: weights[j]! })).filter((t) => t.w !== 0);
  terms.sort((a, b) => Math.abs(b.w) - Math.abs(a.w));
  const shown = terms.slice(0, 4).map((t, j) => {
    const sign = t.w < 0 ? (j === 0 ? '-' : ' - ') : j === 0 ? '' : ' + ';
    // A categorical feature enters through its per-node level scores, written score(name).
    const name = cats.has(t.f) ? `score(${featureNames[t.f]})` : featureNames[t.f];
    return `${sign}${fmt(Math.abs(t.w), decimals)}·${name}`;
  });
  return shown.join('') + (terms.length > 4 ? ` + …(${terms.length - 4} more)` : '');
}

/**
 * The two branch conditions of a split. A split on one categorical feature alone is shown as the
 * level set it sends left ("colour in {red, blue}"), exactly as prediction routes the levels; other
 * splits as "expr <= t" / "expr >  t", with each categorical feature's level scores listed after.
 */
function splitConditions(tree: Tree, node: number, featureNames: readonly string[], decimals: number, categories: ExportOptions['categories']): { left: string; right: string; notes: string[] } {
  const t = fmt(tree.threshold[node]!, decimals);
  const maps = tree.categoricalMaps(node);
  const levelName = (f: number, l: number) => categories?.[f]?.[l] ?? String(l);
  if (maps.length > 0) {
    const { features, weights } = tree.kind[node] === AXIS ? { features: [tree.feature[node]!], weights: [1] } : tree.splitFeatures(node);
    const nz = features.map((f, j) => ({ f, w: weights[j]! })).filter((x) => x.w !== 0);
    const only = nz.length === 1 ? maps.find((m) => m.feature === nz[0]!.f) : undefined;
    if (only) {
      const w = nz[0]!.w;
      const thr = tree.threshold[node]!;
      const left: string[] = [];
      const right: string[] = [];
      // An unseen level scores 0 (the node's mean), as in Tree.goesLeft.
      only.values.forEach((v, l) => (w * (v === v ? v : 0) <= thr ? left : right).push(levelName(only.feature, l)));
      const unseenLeft = 0 <= thr;
      const name = featureNames[only.feature]!;
      const set = (xs: string[], unseen: boolean) => `{${xs.join(', ')}}${unseen ? ' or unseen' : ''}`;
      return { left: `${name} in ${set(left, unseenLeft)}`, right: `${name} in ${set(right, !unseenLeft)}`, notes: [] };
    }
  }
  const expr = splitExpression(tree, node, featureNames, decimals);
  const notes = maps.map((m) => `score(${featureNames[m.feature]}): ${Array.from(m.values, (v, l) => `${levelName(m.feature, l)} ${fmt(v === v ? v : 0, decimals)}`).join(', ')}; unseen 0`);
  return { left: `${expr} <= ${t}`, right: `${expr} >  ${t}`, notes };
}

function leafText(model: TreeModel, node: number, decimals: number): string {
  const tree = model.tree;
  if (model instanceof DecisionTreeClassifier) {
    const C = model.nClasses;
    let best = 0;
    for (let c = 1; c < C; c++) if (tree.value[node * C + c]! > tree.value[node * C + best]!) best = c;
    return `class: ${model.classes[best]}`;
  }
  return `value: [${fmt(tree.value[node]!, decimals)}]`;
}

/** Plain-text rules in scikit-learn's export_text layout. */
export function exportText(model: TreeModel, options: ExportOptions = {}): string {
  const tree = model.tree;
  const fn = names(model, options);
  const decimals = options.decimals ?? 2;
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const lines: string[] = [];
  const walk = (node: number, depth: number): void => {
    const indent = '|   '.repeat(depth) + '|--- ';
    if (tree.kind[node] === LEAF) {
      lines.push(indent + leafText(model, node, decimals));
      return;
    }
    if (depth >= maxDepth) {
      lines.push(`${indent}truncated branch of depth ${subtreeDepth(tree, node)}`);
      return;
    }
    const c = splitConditions(tree, node, fn, decimals, options.categories);
    const noteIndent = '|   '.repeat(depth) + '|    ';
    for (const n of c.notes) lines.push(`${noteIndent}(${n})`);
    lines.push(`${indent}${c.left}`);
    walk(tree.left[node]!, depth + 1);
    lines.push(`${indent}${c.right}`);
    walk(tree.right[node]!, depth + 1);
  };
  walk(0, 0);
  return lines.join('\n') + '\n';
}

function subtreeDepth(tree: Tree, node: number): number {
  if (tree.kind[node] === LEAF) return 0;
  return 1 + Math.max(subtreeDepth(tree, tree.left[node]!), subtreeDepth(tree, tree.right[node]!));
}

function dotEscape(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** Graphviz DOT source (render with `dot -Tsvg`). */
export function exportDot(model: TreeModel, options: ExportOptions = {}): string {
  const tree = model.tree;
  const fn = names(model, options);
  const decimals = options.decimals ?? 3;
  const isC = model instanceof DecisionTreeClassifier;
  const crit = model.options.criterion.name;
  const out = [
    'digraph Tree {',
    'node [shape=box, style="filled, rounded", color="black", fontname="helvetica"] ;',
    'edge [fontname="helvetica"] ;',
  ];
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const walk = (node: number, depth: number): void => {
    const parts: string[] = [];
    if (tree.kind[node] !== LEAF && depth < maxDepth) {
      const c = splitConditions(tree, node, fn, decimals, options.categories);
      parts.push(c.left, ...c.notes);
    }
    parts.push(`${crit} = ${fmt(tree.impurity[node]!, decimals)}`);
    parts.push(`samples = ${tree.nSamples[node]}`);
    if (isC) {
      const C = model.nClasses;
      const v = Array.from(tree.value.subarray(node * C, node * C + C), (x) => +x.toFixed(decimals));
      parts.push(`value = [${v.join(', ')}]`);
      parts.push(leafText(model, node, decimals).replace('class: ', 'class = '));
    } else {
      parts.push(`value = ${fmt(tree.value[node]!, decimals)}`);
    }
    const fill = tree.kind[node] === LEAF ? '#e5f5e0' : '#f0f0f0';
    out.push(`${node} [label="${parts.map(dotEscape).join('\\n')}", fillcolor="${fill}"] ;`);
    if (tree.kind[node] === LEAF || depth >= maxDepth) return;
    for (const [child, isLeft] of [
      [tree.left[node]!, true],
      [tree.right[node]!, false],
    ] as const) {
      const label = node === 0 ? (isLeft ? ' [labeldistance=2.5, labelangle=45, headlabel="True"]' : ' [labeldistance=2.5, labelangle=-45, headlabel="False"]') : '';
      out.push(`${node} -> ${child}${label} ;`);
      walk(child, depth + 1);
    }
  };
  walk(0, 0);
  out.push('}');
  return out.join('\n') + '\n';
}
