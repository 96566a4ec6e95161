/**
 * What a split tests, in words: the one home of split formatting, shared by the text/DOT exports
 * here and by @dt/plot's SVG pictures. Returns structure, not strings, so each output chooses its
 * own layout (one line in text, several lines in a picture's node box).
 */
import { AXIS, type Tree } from './tree.js';

/** One weighted term of a linear split; `categorical` terms read a per-node level score. */
export interface SplitTerm {
  feature: number;
  name: string;
  weight: number;
  categorical: boolean;
}

/** A categorical feature's level scores inside a linear split (CRIMCOORD). */
export interface LevelScores {
  feature: number;
  name: string;
  /** Score per level code (an absent level scores 0, the node's mean), with its name. */
  levels: { level: string; score: number }[];
}

export type SplitDescription =
  /** A split on one categorical feature alone: the level sets each branch receives. */
  | { type: 'levels'; feature: number; name: string; left: string[]; right: string[]; unseenLeft: boolean }
  /** `Σ weight·x <= threshold`; terms sorted by |weight|, largest first, zero weights dropped. */
  | { type: 'linear'; axis: boolean; terms: SplitTerm[]; threshold: number; scores: LevelScores[] };

/**
 * The test of internal node `node` of `tree`. `categories` gives level names of categorical
 * features (indexed by feature, then level code; null for numeric), else level codes are shown.
 */
export function describeSplit(
  tree: Tree,
  node: number,
  featureNames: readonly string[],
  categories?: readonly (readonly string[] | null)[],
): SplitDescription {
  const maps = tree.categoricalMaps(node);
  const levelName = (f: number, l: number): string => categories?.[f]?.[l] ?? String(l);
  const { features, weights } = tree.kind[node] === AXIS ? { features: [tree.feature[node]!], weights: [1] } : tree.splitFeatures(node);
  const cats = new Set(maps.map((m) => m.feature));
  const terms: SplitTerm[] = [];
  for (let j = 0; j < features.length; j++) {
    const f = features[j]!;
    const w = weights[j]!;
    if (w !== 0 || tree.kind[node] === AXIS) terms.push({ feature: f, name: featureNames[f]!, weight: w, categorical: cats.has(f) });
  }
  terms.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  const thr = tree.threshold[node]!;
  const only = terms.length === 1 ? maps.find((m) => m.feature === terms[0]!.feature) : undefined;
  if (only) {
    const w = terms[0]!.weight;
    const left: string[] = [];
    const right: string[] = [];
    // An unseen level scores 0 (the node's mean), as in Tree.goesLeft.
    only.values.forEach((v, l) => (w * (v === v ? v : 0) <= thr ? left : right).push(levelName(only.feature, l)));
    return { type: 'levels', feature: only.feature, name: featureNames[only.feature]!, left, right, unseenLeft: 0 <= thr };
  }
  const scores = maps.map((m) => ({
    feature: m.feature,
    name: featureNames[m.feature]!,
    levels: Array.from(m.values, (v, l) => ({ level: levelName(m.feature, l), score: v === v ? v : 0 })),
  }));
  return { type: 'linear', axis: tree.kind[node] === AXIS, terms, threshold: thr, scores };
}

/** "{a, b} or unseen": a level set as the exports write it. */
export function formatLevelSet(levels: readonly string[], unseen: boolean): string {
  return `{${levels.join(', ')}}${unseen ? ' or unseen' : ''}`;
}

/**
 * "petal_width" (axis split) or "0.71·a - 0.70·score(b)": the left-hand side of a linear split,
 * its first `maxTerms` terms.
 */
export function formatTerms(split: { axis: boolean; terms: readonly SplitTerm[] }, decimals: number, maxTerms = Number.POSITIVE_INFINITY): string {
  const terms = split.terms;
  if (split.axis) return terms[0]!.name;
  let out = '';
  const shown = Math.min(terms.length, maxTerms);
  for (let j = 0; j < shown; j++) out += formatTerm(terms[j]!, decimals, j === 0);
  return out;
}

/** One term with its sign: "0.71·a" first, " - 0.70·a" after. */
export function formatTerm(t: SplitTerm, decimals: number, first: boolean): string {
  const sign = t.weight < 0 ? (first ? '-' : ' - ') : first ? '' : ' + ';
  const name = t.categorical ? `score(${t.name})` : t.name;
  return `${sign}${Math.abs(t.weight).toFixed(decimals)}·${name}`;
}
