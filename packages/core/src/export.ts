import { InvalidArgumentError } from '@dt/errors';
import { DecisionTreeClassifier } from './decision-tree-classifier.js';
import { checkExportOptions } from './export-options.js';
import type { TreeModel } from './model-format.js';
import { describeSplit, formatLevelSet, formatTerms } from './split-format.js';
import { LEAF, type Tree } from './tree.js';

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

const EXPORT_KEYS: readonly (keyof ExportOptions)[] = ['featureNames', 'decimals', 'maxDepth', 'categories'];

function names(model: TreeModel, o: ExportOptions): readonly string[] {
  const d = model.nFeatures;
  const given = o.featureNames ?? model.featureNames;
  if (given && given.length !== d) throw new InvalidArgumentError('featureNames', `${d} names`, given);
  return given ?? Array.from({ length: d }, (_, i) => `feature_${i}`);
}

function fmt(x: number, decimals: number): string {
  return x.toFixed(decimals);
}

/**
 * The two branch conditions of a split. A split on one categorical feature alone is shown as the
 * level set it sends left ("colour in {red, blue}"), exactly as prediction routes the levels; other
 * splits as "expr <= t" / "expr >  t" (at most 4 terms), with each categorical feature's level
 * scores listed after.
 */
function splitConditions(tree: Tree, node: number, featureNames: readonly string[], decimals: number, categories: ExportOptions['categories']): { left: string; right: string; notes: string[] } {
  const d = describeSplit(tree, node, featureNames, categories);
  if (d.type === 'levels') {
    return { left: `${d.name} in ${formatLevelSet(d.left, d.unseenLeft)}`, right: `${d.name} in ${formatLevelSet(d.right, !d.unseenLeft)}`, notes: [] };
  }
  const more = d.terms.length - 4;
  const expr = formatTerms(d, decimals, 4) + (more > 0 ? ` + …(${more} more)` : '');
  const t = fmt(d.threshold, decimals);
  const notes = d.scores.map((m) => `score(${m.name}): ${m.levels.map((l) => `${l.level} ${fmt(l.score, decimals)}`).join(', ')}; unseen 0`);
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
  const { decimals, maxDepth } = checkExportOptions(options, EXPORT_KEYS, 2);
  const fn = names(model, options);
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
  const { decimals, maxDepth } = checkExportOptions(options, EXPORT_KEYS, 3);
  const fn = names(model, options);
  const isC = model instanceof DecisionTreeClassifier;
  const crit = model.options.criterion.name;
  const out = [
    'digraph Tree {',
    'node [shape=box, style="filled, rounded", color="black", fontname="helvetica"] ;',
    'edge [fontname="helvetica"] ;',
  ];
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
