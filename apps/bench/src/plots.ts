import { writeFileSync } from 'node:fs';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';

/** Renders a vega-lite spec to an SVG string in Node (no browser, no canvas: vega's SVG renderer). */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const compiled = vegaLite.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Writes the SVG and, next to it, the vega-lite spec (so a plot can be restyled without rerunning). */
export async function writePlot(path: string, spec: TopLevelSpec): Promise<void> {
  writeFileSync(path, await renderSvg(spec));
  writeFileSync(path.replace(/\.svg$/, '.vl.json'), JSON.stringify(spec, null, 1) + '\n');
}

type Row = Record<string, string | number | null>;

/**
 * Mean score vs training size, one line per algorithm, a panel per facet value (log x). Rows:
 * { nTrain, algorithm, value, mark, [facet] }; the '//' / '\\' marks are drawn as text on the points.
 */
export function linePlotSpec(opts: {
  title: string;
  rows: Row[];
  x: string;
  xTitle: string;
  xLog?: boolean;
  y: string;
  yTitle: string;
  yLog?: boolean;
  facet?: { field: string; title: string; columns?: number };
  markField?: string;
}): TopLevelSpec {
  const enc = {
    // nice: false keeps a log axis to the data's range instead of the next power of ten.
    x: { field: opts.x, type: 'quantitative', title: opts.xTitle, scale: opts.xLog ? { type: 'log', nice: false } : { zero: false } },
    y: { field: opts.y, type: 'quantitative', title: opts.yTitle, scale: opts.yLog ? { type: 'log' } : { zero: false } },
    color: { field: 'algorithm', type: 'nominal', title: 'algorithm', legend: { labelLimit: 320 } },
  } as const;
  const layers: unknown[] = [{ mark: { type: 'line', point: true }, encoding: enc }];
  if (opts.markField) {
    layers.push({
      mark: { type: 'text', dy: -9, fontSize: 10, fontWeight: 'bold' },
      encoding: { ...enc, text: { field: opts.markField, type: 'nominal' } },
    });
  }
  const inner = { width: 190, height: 150, layer: layers };
  const base = { $schema: 'https://vega.github.io/schema/vega-lite/v5.json', title: opts.title, data: { values: opts.rows } };
  if (!opts.facet) return { ...base, ...inner } as TopLevelSpec;
  return {
    ...base,
    facet: { field: opts.facet.field, type: 'ordinal', title: opts.facet.title },
    columns: opts.facet.columns ?? 4,
    spec: inner,
    resolve: { scale: { y: 'independent' } },
  } as TopLevelSpec;
}

/** Histogram of ratios with a rule at 1 (Figures 4 and 8 of the Max-Cut paper). */
export function histogramSpec(opts: { title: string; values: number[]; xTitle: string; bins?: number }): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: opts.title,
    width: 420,
    height: 240,
    layer: [
      {
        data: { values: opts.values.map((ratio) => ({ ratio })) },
        mark: { type: 'bar', tooltip: false },
        encoding: {
          x: { field: 'ratio', type: 'quantitative', bin: { maxbins: opts.bins ?? 40 }, title: opts.xTitle },
          y: { aggregate: 'count', type: 'quantitative', title: 'data sets' },
        },
      },
      { data: { values: [{ one: 1 }] }, mark: { type: 'rule', color: 'firebrick', strokeDash: [4, 3] }, encoding: { x: { field: 'one', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;
}

/**
 * A difference with its confidence interval vs x, one line per series value, a dashed rule at 0
 * (Figures 3 and 7 of the Max-Cut paper). Rows: { [x], [series], mean, lower, upper }.
 */
export function differencePlotSpec(opts: { title: string; rows: Row[]; x: string; xTitle: string; series: string; seriesTitle: string }): TopLevelSpec {
  const x = { field: opts.x, type: 'quantitative', title: opts.xTitle } as const;
  const color = { field: opts.series, type: 'ordinal', title: opts.seriesTitle } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: opts.title,
    width: 420,
    height: 260,
    layer: [
      { data: { values: opts.rows }, mark: { type: 'errorbar', ticks: true }, encoding: { x, y: { field: 'lower', type: 'quantitative', title: 'accuracy difference' }, y2: { field: 'upper' }, color } },
      { data: { values: opts.rows }, mark: { type: 'line', point: true }, encoding: { x, y: { field: 'mean', type: 'quantitative' }, color } },
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: 'firebrick', strokeDash: [4, 3] }, encoding: { y: { field: 'zero', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;
}
