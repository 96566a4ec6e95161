/**
 * Reads any model into one neutral picture graph: the nodes to draw (within maxDepth), what each
 * node box says, and the edges. Models are matched structurally, so this package needs no
 * estimator classes: a @dt/core tree model (`tree`), a Decision Stream (`graph`), or a forest
 * (`estimators`, one tree picked by `options.tree`).
 */
import { AXIS, describeSplit, formatLevelSet, formatTerm, LEAF, type ClassLabel, type SplitDescription, type Tree } from '@dt/core';
import type { StreamGraph } from '@dt/stream';
import { InvalidArgumentError } from '@dt/errors';

/** A fitted @dt/core tree model (DecisionTreeClassifier / DecisionTreeRegressor, or anything shaped like one). */
export interface TreeModelLike {
  readonly tree: Tree;
  readonly featureNames: readonly string[] | null;
  /** Present for classifiers. */
  readonly classes?: readonly ClassLabel[];
  readonly options?: { readonly criterion?: unknown };
}

/** A fitted Decision Stream (DAG). */
export interface StreamModelLike {
  readonly graph: StreamGraph;
  readonly featureNames: readonly string[] | null;
  readonly classes?: readonly ClassLabel[];
}

/** A forest: its trees, one of which is drawn (`options.tree`). */
export interface ForestLike {
  readonly estimators: readonly TreeModelLike[];
}

/** What @dt/plot draws: a fitted tree, forest member or Decision Stream. */
export type PlottableModel = TreeModelLike | StreamModelLike | ForestLike;

export interface ViewOptions {
  /** Nodes deeper than this (edges from the root, shortest path) are cut; their parent shows a "…" stub. */
  maxDepth: number;
  /** Digits after the decimal point (thresholds, weights, values, impurity). */
  decimals: number;
  /** Feature names (default: the model's, else x[0], x[1], ...). */
  featureNames: readonly string[] | null;
  /** Class names (default: the model's classes). */
  classNames: readonly string[] | null;
  /** Level names of categorical features (CRIMCOORD), by feature then level code; null for numeric. */
  categories: readonly (readonly string[] | null)[] | null;
  /** Per-feature spread in the training data (e.g. standard deviation): ranks oblique terms by |weight × spread|. */
  featureSpread: readonly number[] | null;
  /** Terms of an oblique split shown before "+ k more". */
  maxTerms: number;
  /** Which tree of a forest. */
  tree: number;
  /** Label the edge missing values take at each axis split (trees with `missingGoToLeft`). */
  showMissing: boolean;
}

/** One node of a ViewGraph: its text lines, kind and statistics. */
export interface ViewNode {
  /** The node's id in the model. */
  id: number;
  leaf: boolean;
  /** Split rule, one entry per line (empty for a leaf). */
  rule: string[];
  /** Full text of the node (rule without abbreviation), for the SVG tooltip. */
  title: string;
  samples: number;
  /** e.g. "gini = 0.50"; null when the model does not store impurity. */
  impurity: string | null;
  /** Class weights (classification) or null. */
  distribution: Float64Array | null;
  /** Majority class index (classification) or -1. */
  majority: number;
  /** Prediction (regression) or NaN. */
  value: number;
  /** Children exist below maxDepth: drawn as a "…" stub. */
  cut: boolean;
  /** Parents within the picture (>1: a merged node of a DAG). */
  parents: number;
}

/** One edge of a ViewGraph: from, to and its label. */
export interface ViewEdge {
  /** Indices into ViewGraph.nodes. */
  from: number;
  to: number;
  label: string;
}

/** The picture-neutral view of a model: nodes and edges with their labels. */
export interface ViewGraph {
  /** Topological order: every edge goes from a lower to a higher index. */
  nodes: ViewNode[];
  edges: ViewEdge[];
  /** True when some node has several parents (lay out as a DAG, not a tree). */
  dag: boolean;
  task: 'classification' | 'regression';
  classNames: string[];
  /** Lines of the longest rule (fixed node height). */
  maxRuleLines: number;
}

const fmt = (x: number, decimals: number): string => String(+x.toFixed(decimals));

function isForest(m: PlottableModel): m is ForestLike {
  return Array.isArray((m as ForestLike).estimators);
}
function isStream(m: PlottableModel): m is StreamModelLike {
  return (m as StreamModelLike).graph !== undefined && (m as TreeModelLike).tree === undefined;
}

/** The drawn model's node structure in one form: children lists in CSR, and per-node content. */
interface Source {
  nodeCount: number;
  childStart: Int32Array;
  children: Int32Array;
  edgeLabel(node: number, k: number): string;
  describe(node: number, view: ViewNode): void;
}

export function buildView(input: PlottableModel, o: ViewOptions): ViewGraph {
  if (typeof input !== 'object' || input === null) throw new InvalidArgumentError('model', 'a fitted dt model (a tree, a Decision Stream or a forest)', input);
  let model: TreeModelLike | StreamModelLike;
  if (isForest(input)) {
    const n = input.estimators.length;
    if (!(o.tree >= 0 && o.tree < n)) throw new InvalidArgumentError('tree', `an index of the forest's ${n} trees (0..${n - 1})`, o.tree);
    model = input.estimators[o.tree]!;
  } else model = input;
  const m = model as Partial<TreeModelLike & StreamModelLike>;
  // A drawable model holds a tree (nodeCount) or a stream graph: anything else fails here, not deep in the layout.
  if (typeof m !== 'object' || m === null || typeof (m.tree ?? m.graph)?.nodeCount !== 'number') {
    throw new InvalidArgumentError('model', 'a fitted dt model (a tree, a Decision Stream or a forest)', model);
  }
  const classification = Array.isArray(model.classes);
  const classNames = classification ? (o.classNames ? [...o.classNames] : model.classes!.map(String)) : [];
  const src = isStream(model) ? streamSource(model, o, classNames) : treeSource(model, o, classNames);
  return collect(src, o.maxDepth, classification ? 'classification' : 'regression', classNames);
}

function featureNamesOf(d: number, given: readonly string[] | null, fromModel: readonly string[] | null): string[] {
  const names = given ?? fromModel;
  if (given && given.length !== d) throw new InvalidArgumentError('featureNames', `${d} names`, given);
  return names ? [...names] : Array.from({ length: d }, (_, i) => `x[${i}]`);
}

function classContent(view: ViewNode, value: Float64Array, node: number, C: number, classNames: readonly string[]): void {
  const dist = value.slice(node * C, node * C + C);
  let best = 0;
  for (let c = 1; c < C; c++) if (dist[c]! > dist[best]!) best = c;
  view.distribution = dist;
  view.majority = best;
  if (classNames.length !== C) throw new InvalidArgumentError('classNames', `${C} names`, classNames);
}

function treeSource(model: TreeModelLike, o: ViewOptions, classNames: readonly string[]): Source {
  const t = model.tree;
  const n = t.nodeCount;
  const names = featureNamesOf(t.nFeatures, o.featureNames, model.featureNames);
  const childStart = new Int32Array(n + 1);
  const children = new Int32Array(2 * n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    childStart[i] = k;
    if (t.kind[i] !== LEAF) {
      children[k++] = t.left[i]!;
      children[k++] = t.right[i]!;
    }
  }
  childStart[n] = k;
  const crit = model.options?.criterion as { name?: unknown } | string | undefined;
  const critName = typeof crit === 'string' ? crit : typeof crit?.name === 'string' ? crit.name : 'impurity';
  const C = t.nOutputs;
  const goLeft = o.showMissing ? missingSides(t) : null;
  // Missing values are learnt only at axis splits on numeric features (oblique and CRIMCOORD nodes reject NaN).
  const learnsMissing = (node: number): boolean => goLeft !== null && t.kind[node] === AXIS && t.catCount[node] === 0;
  return {
    nodeCount: n,
    childStart,
    children: children.subarray(0, k),
    edgeLabel: (node, j) => {
      const label = j === 0 ? 'yes' : 'no';
      return learnsMissing(node) && (goLeft![node] === 1) === (j === 0) ? `${label}, missing` : label;
    },
    describe(node, view) {
      view.samples = t.nSamples[node]!;
      view.impurity = `${critName} = ${fmt(t.impurity[node]!, o.decimals)}`;
      if (classNames.length > 0) classContent(view, t.value, node, C, classNames);
      else view.value = t.value[node]!;
      if (t.kind[node] === LEAF) return;
      const d = describeSplit(t, node, names, o.categories ?? undefined, o.featureSpread ?? undefined);
      view.rule = ruleLines(d, o);
      view.title = ruleTitle(d, o.decimals);
      if (learnsMissing(node)) view.title += `\nmissing values go ${goLeft![node] === 1 ? 'left (yes)' : 'right (no)'}`;
    },
  };
}

/**
 * The tree's per-node side for missing values (1 = left), scikit-learn ≥ 1.3's `missing_go_to_left`.
 * Read by feature presence: a model from a @dt/core without missing-value support has none.
 */
function missingSides(t: Tree): Uint8Array {
  const sides = (t as Tree & { missingGoToLeft?: unknown }).missingGoToLeft;
  if (!(sides instanceof Uint8Array)) {
    throw new InvalidArgumentError('showMissing', 'used with a tree that stores where missing values go (missingGoToLeft); this one does not', true);
  }
  return sides;
}

function streamSource(model: StreamModelLike, o: ViewOptions, classNames: readonly string[]): Source {
  if (o.showMissing) throw new InvalidArgumentError('showMissing', 'false for a Decision Stream (it rejects missing values)', true);
  const g = model.graph;
  const names = featureNamesOf(g.nFeatures, o.featureNames, model.featureNames);
  const C = g.nOutputs;
  const cs = g.childStart;
  return {
    nodeCount: g.nodeCount,
    childStart: g.childStart,
    children: g.children,
    edgeLabel(node, j) {
      const s = cs[node]!;
      const e = cs[node + 1]!;
      if (e - s === 2) return j === 0 ? 'yes' : 'no';
      const lo = j === 0 ? '-∞' : fmt(g.thresholds[s + j - 1]!, o.decimals);
      const hi = s + j === e - 1 ? '∞' : fmt(g.thresholds[s + j]!, o.decimals);
      return `(${lo}, ${hi}]`;
    },
    describe(node, view) {
      view.samples = g.nSamples[node]!;
      if (classNames.length > 0) classContent(view, g.value, node, C, classNames);
      else view.value = g.value[node]!;
      const s = cs[node]!;
      const e = cs[node + 1]!;
      if (s === e) return;
      const f = names[g.feature[node]!]!;
      view.rule = [e - s === 2 ? `${f} <= ${fmt(g.thresholds[s]!, o.decimals)}` : `${f}: ${e - s} ranges`];
      view.title = view.rule[0]!;
    },
  };
}

/** Longest rule line that fits the widest node box; longer lines are split or clipped. */
export const RULE_CHARS = 31;

/**
 * A coded categorical split (an axis split on level codes) by the smaller of its two level sets:
 * `relationship = Husband`, `relationship ∈ {Husband, Wife}`, `workclass ≠ Private`,
 * `country ∉ {…}`; "yes" still means the rule holds. Two lines when one does not fit.
 */
function codedLevelLines(d: Extract<SplitDescription, { type: 'levels' }>): string[] {
  const useLeft = d.left.length <= d.right.length;
  const set = useLeft ? d.left : d.right;
  const op = set.length === 1 ? (useLeft ? '=' : '≠') : useLeft ? '∈' : '∉';
  const rhs = set.length === 1 ? set[0]! : `{${set.join(', ')}}`;
  const one = `${d.name} ${op} ${rhs}`;
  return one.length <= RULE_CHARS ? [one] : [`${d.name} ${op}`, rhs];
}

/** A split in at most maxTerms + 2 lines: top terms one per line, "+ k more", then "<= t". */
function ruleLines(d: SplitDescription, o: ViewOptions): string[] {
  if (d.type === 'levels') return d.unseenLeft === null ? codedLevelLines(d) : [`${d.name} in`, formatLevelSet(d.left, d.unseenLeft)];
  const t = fmt(d.threshold, o.decimals);
  if (d.axis) return [`${d.terms[0]!.name} <= ${t}`];
  const lines: string[] = [];
  const shown = Math.min(d.terms.length, o.maxTerms);
  for (let j = 0; j < shown; j++) lines.push(formatTerm(d.terms[j]!, o.decimals, j === 0).trim());
  if (d.terms.length > shown) lines.push(`+ ${d.terms.length - shown} more`);
  lines.push(`<= ${t}`);
  return lines;
}

function ruleTitle(d: SplitDescription, decimals: number): string {
  if (d.type === 'levels') {
    if (d.unseenLeft === null) return `${d.name} ∈ ${formatLevelSet(d.left, null)}; else ∈ ${formatLevelSet(d.right, null)}`;
    return `${d.name} in ${formatLevelSet(d.left, d.unseenLeft)}; else ${formatLevelSet(d.right, !d.unseenLeft)}`;
  }
  let s = d.axis ? d.terms[0]!.name : d.terms.map((t, j) => formatTerm(t, decimals, j === 0)).join('');
  s += ` <= ${fmt(d.threshold, decimals)}`;
  for (const m of d.scores) s += `\nscore(${m.name}): ${m.levels.map((l) => `${l.level} ${fmt(l.score, decimals)}`).join(', ')}; unseen 0`;
  return s;
}

/**
 * The nodes within maxDepth (breadth-first distance from the root, so a DAG node is kept when any
 * path reaches it in time), in model id order — children have larger ids than parents in both
 * model kinds, so this is topological. Iterative: no recursion over depth.
 */
function collect(src: Source, maxDepth: number, task: ViewGraph['task'], classNames: string[]): ViewGraph {
  const n = src.nodeCount;
  const { childStart, children } = src;
  const dist = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  dist[0] = 0;
  queue[tail++] = 0;
  while (head < tail) {
    const v = queue[head++]!;
    if (dist[v]! >= maxDepth) continue;
    for (let k = childStart[v]!; k < childStart[v + 1]!; k++) {
      const c = children[k]!;
      if (dist[c] === -1) {
        dist[c] = dist[v]! + 1;
        queue[tail++] = c;
      }
    }
  }
  const index = new Int32Array(n).fill(-1);
  const nodes: ViewNode[] = [];
  for (let v = 0; v < n; v++) {
    if (dist[v] === -1) continue;
    index[v] = nodes.length;
    const view: ViewNode = { id: v, leaf: childStart[v] === childStart[v + 1], rule: [], title: '', samples: 0, impurity: null, distribution: null, majority: -1, value: Number.NaN, cut: false, parents: 0 };
    src.describe(v, view);
    nodes.push(view);
  }
  const edges: ViewEdge[] = [];
  let dag = false;
  let maxRuleLines = 0;
  for (const view of nodes) {
    maxRuleLines = Math.max(maxRuleLines, view.rule.length);
    const v = view.id;
    let last = -1;
    for (let k = childStart[v]!; k < childStart[v + 1]!; k++) {
      const c = children[k]!;
      if (index[c] === -1) {
        view.cut = true;
        continue;
      }
      const label = src.edgeLabel(v, k - childStart[v]!);
      // A multi-way node sending two ranges to one child: one edge, both ranges.
      if (c === last) {
        edges[edges.length - 1]!.label += ` ∪ ${label}`;
        continue;
      }
      last = c;
      edges.push({ from: index[v]!, to: index[c]!, label });
      const child = nodes[index[c]!]!;
      child.parents++;
      if (child.parents > 1) dag = true;
    }
  }
  return { nodes, edges, dag, task, classNames, maxRuleLines };
}
