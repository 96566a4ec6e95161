/**
 * The command line's side of TREE_OPTIONS: flag, argument, help and text parser of each tree
 * option (null: not a command-line option). Kept out of options.ts so that only the CLI, which
 * imports this table, carries the help text; typed against ResolvedTreeOptions, so an option without
 * an entry here does not compile.
 */
import { listCriteria } from '@dt/criteria';
import { listProjections } from '@dt/projections/registry';
import { oneOf } from '@dt/errors';
import { cliText, type CliTable } from './option-table.js';
import type { ResolvedTreeOptions } from './options.js';

const quoted = (names: string[]): string => names.join(', ');

/** Command-line flag, argument, help text and text parser of each tree option (null: not on the command line). */
export const TREE_OPTIONS_CLI: CliTable<ResolvedTreeOptions> = {
  criterion: {
    flag: '--criterion',
    arg: '<name>',
    help: () => `split criterion: ${quoted(listCriteria('classification'))} (classification), ${quoted(listCriteria('regression'))} (regression)`,
    defaultText: 'gini / mse',
    parse: cliText.name('criterion'),
  },
  maxDepth: { flag: '--max-depth', arg: '<n>', help: 'maximum depth, or "none"', defaultText: 'none', parse: cliText.numberOrNone },
  minSamplesSplit: {
    flag: '--min-samples-split',
    arg: '<n>',
    help: 'rows needed to split a node: integer >= 2 or a fraction in (0, 1)',
    defaultText: '2',
    parse: cliText.number,
  },
  minSamplesLeaf: {
    flag: '--min-samples-leaf',
    arg: '<n>',
    help: 'rows needed in each leaf: integer >= 1 or a fraction in (0, 0.5]',
    defaultText: '1',
    parse: cliText.number,
  },
  minWeightFractionLeaf: {
    flag: '--min-weight-fraction-leaf',
    arg: '<x>',
    help: 'fraction of the total weight needed in each leaf, in [0, 0.5]',
    defaultText: '0',
    parse: cliText.number,
  },
  minImpurityDecrease: {
    flag: '--min-impurity-decrease',
    arg: '<x>',
    help: 'a split must decrease weighted impurity by at least this',
    defaultText: '0',
    parse: cliText.number,
  },
  maxFeatures: {
    flag: '--max-features',
    arg: '<v>',
    help: 'features tried per node: integer, fraction in (0, 1), sqrt, log2 or all',
    defaultText: 'all',
    parse: cliText.maxFeatures,
  },
  maxLeafNodes: {
    flag: '--max-leaf-nodes',
    arg: '<n>',
    help: 'grow best-first up to this many leaves (integer >= 2), or "none"',
    defaultText: 'none',
    parse: cliText.numberOrNone,
  },
  seed: { flag: '--seed', arg: '<n>', help: 'seed for feature sampling', defaultText: '0', parse: cliText.number },
  projection: {
    flag: '--projection',
    arg: '<name>',
    help: () => `candidate split directions for cart: ${quoted(listProjections())}`,
    defaultText: 'axis',
    parse: cliText.name('projection'),
  },
  scale: {
    flag: '--scale',
    arg: '<on|off>',
    help: 'standardise features before criteria and projections see them (folded into the model)',
    defaultText: 'off',
    parse: cliText.onOff,
  },
  ccpAlpha: {
    flag: '--ccp-alpha',
    arg: '<x>',
    help: 'cost-complexity pruning strength (scikit-learn ccp_alpha)',
    defaultText: '0',
    parse: cliText.number,
  },
  minParent: null,
  categoricalFeatures: null,
  splitter: {
    flag: '--splitter',
    arg: '<best|hist|random|auto>',
    help: 'split search: best (exact, sorts values), hist (per-feature bins; the same tree when features have <= --max-bins values), random (one uniform threshold per feature, extra trees) or auto (hist exactly when it is exact, else best)',
    defaultText: 'auto',
    parse: cliText.choice(['best', 'hist', 'random', 'auto'] as const),
  },
  maxBins: {
    flag: '--max-bins',
    arg: '<n>',
    help: 'bins per feature for --splitter hist, 2..65536',
    defaultText: '256',
    parse: cliText.number,
  },
  nJobs: {
    flag: '--jobs',
    arg: '<n>',
    help: 'threads for --splitter hist|auto (-1: every core); the same tree for every count',
    defaultText: '1',
    parse: cliText.number,
  },
  monotonicCst: {
    flag: '--monotonic-cst',
    arg: '<list>',
    help: 'monotonic constraint per feature: 1 increasing, -1 decreasing, 0 none, by column ("1,0,-1") or by name ("age=1,income=-1"; others 0; in dt eval configuration strings "1;0;-1", "age:1;income:-1"); binary classification (P(positive class)) and regression',
    defaultText: 'none',
    parse: cliText.monotonicCst,
  },
  classWeight: {
    flag: '--class-weight',
    arg: '<w>',
    help: 'class weights: balanced or none (classification only)',
    defaultText: 'none',
    parse: (raw, name) => {
      const v = oneOf(name, raw.trim().toLowerCase(), ['balanced', 'none']);
      return v === 'none' ? null : v;
    },
  },
  misRate: null,
};
