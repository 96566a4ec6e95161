/**
 * What a split tests, in words: the one home of split formatting, shared by the text/DOT exports
 * here and by @dt/plot's SVG pictures. Returns structure, not strings, so each output chooses its
 * own layout (one line in text, several lines in a picture's node box).
 */
import { InvalidArgumentError } from '@dt/errors';
import { AXIS, LEAF, Tree } from '../tree/tree.js';

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

/**
 * One split node in readable form, as describeSplit returns it: a categorical level set, an oblique sum of
 * terms, a CRIMCOORD score map or an axis threshold.
 */
export type SplitDescription =
  /**
   * A split on one categorical feature alone: the level sets each branch receives. `unseenLeft`:
   * the side a level the tree never saw goes to (CRIMCOORD scores it 0); null for an axis split on
   * level codes (a coded string column), where a level has no code unless it was seen.
   */
  | { type: 'levels'; feature: number; name: string; left: string[]; right: string[]; unseenLeft: boolean | null }
  /**
   * `Σ weight·x <= threshold`; terms sorted by their reach |weight × spread of the feature| (by
   * |weight| when no spread is given), largest first, zero weights dropped.
   */
  | { type: 'linear'; axis: boolean; terms: SplitTerm[]; threshold: number; scores: LevelScores[] };

/**
 * The test of internal node `node` of `tree`. `categories` gives level names of categorical
 * features (indexed by feature, then level code; null for numeric), else level codes are shown; an
 * axis split on a named feature's codes (`x <= 2.5`) reads as the level sets it separates.
 * `spread` gives each feature's spread in the training data (e.g. its standard deviation): an
 * oblique split's terms are ranked by how far each moves `w·x` (|weight × spread|), since raw
 * weights on differently scaled features are not comparable.
 */
export function describeSplit(
  tree: Tree,
  node: number,
  featureNames: readonly string[],
  categories?: readonly (readonly string[] | null)[],
  spread?: readonly number[],
): SplitDescription {
  if (!(tree instanceof Tree)) throw new InvalidArgumentError('tree', "a Tree (a fitted model's .tree)", tree);
  if (!(Number.isInteger(node) && node >= 0 && node < tree.nodeCount && tree.kind[node] !== LEAF)) throw new InvalidArgumentError('node', `the id of a split node of the tree (0..${tree.nodeCount - 1})`, node);
  if (!Array.isArray(featureNames)) throw new InvalidArgumentError('featureNames', 'an array of feature names', featureNames);
  const maps = tree.categoricalMaps(node);
  const levelName = (f: number, l: number): string => categories?.[f]?.[l] ?? String(l);
  const thr = tree.threshold[node]!;
  const coded = tree.kind[node] === AXIS && maps.length === 0 ? categories?.[tree.feature[node]!] : undefined;
  if (coded) {
    // Level codes are 0..L-1 in the order of the names: codes <= thr go left (NaN: missingGoToLeft).
    const f = tree.feature[node]!;
    const left = coded.filter((_, l) => l <= thr);
    const right = coded.filter((_, l) => l > thr);
    return { type: 'levels', feature: f, name: featureNames[f]!, left, right, unseenLeft: null };
  }
  const { features, weights } = tree.kind[node] === AXIS ? { features: [tree.feature[node]!], weights: [1] } : tree.splitFeatures(node);
  const cats = new Set(maps.map((m) => m.feature));
  const terms: SplitTerm[] = [];
  for (let j = 0; j < features.length; j++) {
    const f = features[j]!;
    const w = weights[j]!;
    if (w !== 0 || tree.kind[node] === AXIS) terms.push({ feature: f, name: featureNames[f]!, weight: w, categorical: cats.has(f) });
  }
  const reach = (t: SplitTerm): number => {
    const s = spread?.[t.feature];
    return Math.abs(t.weight) * (s !== undefined && Number.isFinite(s) && !t.categorical ? s : 1);
  };
  terms.sort((a, b) => reach(b) - reach(a) || Math.abs(b.weight) - Math.abs(a.weight));
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

/** "{a, b} or unseen": a level set as the exports write it (`unseen` true: the unseen levels go here too). */
export function formatLevelSet(levels: readonly string[], unseen: boolean | null): string {
  if (!Array.isArray(levels)) throw new InvalidArgumentError('levels', 'an array of level names', levels);
  return `{${levels.join(', ')}}${unseen === true ? ' or unseen' : ''}`;
}

/**
 * "petal_width" (axis split) or "0.71·a - 0.70·score(b)": the left-hand side of a linear split,
 * its first `maxTerms` terms.
 */
export function formatTerms(split: { axis: boolean; terms: readonly SplitTerm[] }, decimals: number, maxTerms = Number.POSITIVE_INFINITY): string {
  if (typeof split !== 'object' || split === null || !Array.isArray(split.terms)) throw new InvalidArgumentError('split', "a linear split ({ axis, terms }, describeSplit's)", split);
  checkDecimals(decimals);
  const terms = split.terms;
  if (split.axis) return terms[0]!.name;
  let out = '';
  const shown = Math.min(terms.length, maxTerms);
  for (let j = 0; j < shown; j++) out += formatTerm(terms[j]!, decimals, j === 0);
  return out;
}

/** One term with its sign: "0.71·a" first, " - 0.70·a" after. */
export function formatTerm(t: SplitTerm, decimals: number, first: boolean): string {
  if (typeof t !== 'object' || t === null || typeof t.weight !== 'number') throw new InvalidArgumentError('term', "a split term ({ feature, name, weight, categorical }, describeSplit's)", t);
  const sign = t.weight < 0 ? (first ? '-' : ' - ') : first ? '' : ' + ';
  const name = t.categorical ? `score(${t.name})` : t.name;
  return `${sign}${formatWeight(Math.abs(t.weight), decimals)}·${name}`;
}

/**
 * A non-zero weight never prints as "0.00": `decimals` digits, or as many as two significant
 * digits need (0.0032), or exponent form below 1e-6 (3.2e-7). A weight of 0.003 on a feature
 * in the thousands moves a split as much as 1.00 on one in single digits.
 */
export function formatWeight(w: number, decimals: number): string {
  if (typeof w !== 'number') throw new InvalidArgumentError('w', 'a number', w);
  checkDecimals(decimals);
  const a = Math.abs(w);
  if (a === 0 || !Number.isFinite(a)) return a.toFixed(decimals);
  const need = Math.max(decimals, 1 - Math.floor(Math.log10(a)));
  return need > 7 ? a.toPrecision(2) : a.toFixed(need);
}

function checkDecimals(decimals: unknown): void {
  if (!(Number.isInteger(decimals) && (decimals as number) >= 0 && (decimals as number) <= 100)) throw new InvalidArgumentError('decimals', 'an integer in [0, 100]', decimals);
}
