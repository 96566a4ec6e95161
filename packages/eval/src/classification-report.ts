import { InvalidArgumentError, nonNegativeInt } from '@dt/errors';
import { checkOptions } from './check.js';
import { averageScores, prepareScores } from './precision-recall.js';
import type { Label, Labels } from './types.js';

/** An averaged row of a classification report (macro or weighted average). */
export interface ReportRow {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  /** (Weighted) number of true samples. */
  readonly support: number;
}

/** One class row of a classification report: precision, recall, F1 and support of one label. */
export interface ClassReportRow extends ReportRow {
  readonly label: Label;
}

/** sklearn's `classification_report(output_dict=True)` as typed data. */
export interface ClassificationReport {
  readonly classes: ClassReportRow[];
  /** Overall accuracy; `null` when `labels` selected a subset of classes (then see `microAvg`). */
  readonly accuracy: number | null;
  /** Micro average over the selected classes; `null` when it equals accuracy (all classes). */
  readonly microAvg: ReportRow | null;
  readonly macroAvg: ReportRow;
  readonly weightedAvg: ReportRow;
  /** True when supports are sums of sample weights (formatted as decimals, like sklearn). */
  readonly weighted: boolean;
}

/** Options of classificationReport (sklearn's classification_report). */
export interface ClassificationReportOptions {
  /** Classes to report, in this order (default: sorted labels of yTrue ∪ yPred). */
  labels?: readonly Label[];
  sampleWeight?: ArrayLike<number>;
}

/** Per-class precision, recall, F1 and support plus accuracy and macro/weighted averages. */
export function classificationReport(
  yTrue: Labels,
  yPred: Labels,
  options?: ClassificationReportOptions,
): ClassificationReport {
  const o = checkOptions('options', options, ['labels', 'sampleWeight']);
  const { scores } = prepareScores(yTrue, yPred, { ...o, average: 'macro' }, 1);
  const classes: ClassReportRow[] = scores.labels.map((label, j) => ({
    label,
    precision: scores.precision[j]!,
    recall: scores.recall[j]!,
    f1: scores.f[j]!,
    support: scores.support[j]!,
  }));
  let total = 0;
  for (let j = 0; j < scores.support.length; j++) total += scores.support[j]!;
  const row = (avg: 'micro' | 'macro' | 'weighted'): ReportRow => {
    const a = averageScores(scores, avg, 1);
    return { precision: a.precision, recall: a.recall, f1: a.f, support: total };
  };
  const micro = row('micro');
  const allClasses = o.labels === undefined || sameSet(scores.labels, yTrue, yPred);
  return {
    classes,
    accuracy: allClasses ? micro.precision : null,
    microAvg: allClasses ? null : micro,
    macroAvg: row('macro'),
    weightedAvg: row('weighted'),
    weighted: o.sampleWeight !== undefined,
  };
}

function sameSet(labels: readonly Label[], yTrue: Labels, yPred: Labels): boolean {
  const present = new Set<Label>();
  for (let i = 0; i < yTrue.length; i++) present.add(yTrue[i]!);
  for (let i = 0; i < yPred.length; i++) present.add(yPred[i]!);
  return present.size === labels.length && labels.every((l) => present.has(l));
}

/** Options of formatClassificationReport: digits of the printed table. */
export interface FormatReportOptions {
  /** Decimal places (default 2, like sklearn). */
  digits?: number;
}

/** Text table in sklearn's `classification_report` layout (same widths and rounding). */
export function formatClassificationReport(report: ClassificationReport, options?: FormatReportOptions): string {
  if (typeof report !== 'object' || report === null || !Array.isArray(report.classes)) {
    throw new InvalidArgumentError('report', 'a report from classificationReport()', report);
  }
  const o = checkOptions('options', options, ['digits']);
  const digits = o.digits === undefined ? 2 : nonNegativeInt('options.digits', o.digits);
  if (digits > 20) throw new InvalidArgumentError('options.digits', 'an integer in [0, 20]', digits);
  const names = report.classes.map((c) => String(c.label));
  const width = Math.max(...names.map((n) => n.length), 'weighted avg'.length, digits);
  const num = (x: number): string => formatFixed(x, digits).padStart(9);
  const sup = (x: number): string => (report.weighted ? pythonFloat(x) : String(x)).padStart(9);
  const line = (name: string, r: ReportRow): string =>
    `${name.padStart(width)}  ${num(r.precision)} ${num(r.recall)} ${num(r.f1)} ${sup(r.support)}\n`;
  let out = `${''.padStart(width)}  ${['precision', 'recall', 'f1-score', 'support'].map((h) => h.padStart(9)).join(' ')}\n\n`;
  report.classes.forEach((c, j) => {
    out += line(names[j]!, c);
  });
  out += '\n';
  if (report.accuracy !== null) {
    const s = report.macroAvg.support;
    out += `${'accuracy'.padStart(width)}  ${''.padStart(9)} ${''.padStart(9)} ${num(report.accuracy)} ${sup(s)}\n`;
  } else if (report.microAvg !== null) {
    out += line('micro avg', report.microAvg);
  }
  out += line('macro avg', report.macroAvg);
  out += line('weighted avg', report.weightedAvg);
  return out;
}

/**
 * Python's `format(x, '.{d}f')`: correctly rounded, ties (exact binary halves such as 0.125) to
 * even. JS `toFixed` rounds those ties up, so they are detected from the exact expansion.
 */
export function formatFixed(x: number, digits: number): string {
  const plain = x.toFixed(digits);
  // A double that is not exactly a tie differs from it within ~17 digits after the cut.
  const exact = x.toFixed(digits + 30);
  const tail = exact.slice(exact.length - 30);
  if (!/^50*$/.test(tail)) return plain;
  const truncated = exact.slice(0, exact.length - 30).replace(/\.$/, '');
  const lastDigit = Number(truncated[truncated.length - 1]);
  // Even last digit: round down (keep truncated); odd: toFixed already rounded away from zero.
  return lastDigit % 2 === 0 ? truncated : plain;
}

/** Python's `str(float)` for the usual range: integral values keep a trailing ".0". */
function pythonFloat(x: number): string {
  return Number.isInteger(x) && Math.abs(x) < 1e16 ? `${x}.0` : String(x);
}
