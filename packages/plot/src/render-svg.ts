import { InvalidArgumentError, booleanValue, knownKeys, nonNegativeInt, plainObject, positiveInt } from '@dt/errors';
import { classColor, mix, valueColor } from './colors.js';
import { layeredLayout } from './layered-layout.js';
import { buildView, RULE_CHARS, type PlottableModel, type ViewGraph, type ViewNode, type ViewOptions } from './model-view.js';
import { tidyLayout } from './tidy-layout.js';
import { viewerScript } from './viewer.js';

/** Options of the SVG/HTML pictures: depth cut, decimals, feature/class/level names and what each node shows. */
export interface PlotOptions {
  /** Draw nodes at most this many edges below the root; cut branches end in a "…" stub (default: all). */
  maxDepth?: number;
  /** Digits after the decimal point (default 2). */
  decimals?: number;
  /** Feature names (default: the model's, else x[0], x[1], ...). */
  featureNames?: readonly string[];
  /** Class names (default: the model's classes). */
  classNames?: readonly string[];
  /** Level names of categorical features (CRIMCOORD), by feature then level code; null for numeric features. */
  categories?: readonly (readonly string[] | null)[];
  /**
   * Spread of each feature in the training data (e.g. its standard deviation; NaN or missing entries
   * count as 1): an oblique split lists its terms by |weight × spread|, how far each moves `w·x`,
   * rather than by raw weight, which depends on the feature's units (default: by |weight|).
   */
  featureSpread?: readonly number[];
  /** Terms of an oblique split shown before "+ k more" (default 3). */
  maxTerms?: number;
  /** Which tree of a forest to draw (default 0). */
  tree?: number;
  /**
   * Label the edge that missing values (NaN) take at each axis split, e.g. "no, missing" (default
   * false). Needs a tree that learnt where they go (`missingGoToLeft`); oblique and CRIMCOORD splits
   * reject NaN and get no label. A Decision Stream rejects NaN: the option is an error there.
   */
  showMissing?: boolean;
}

/** A node box in SVG pixels (top-left corner and size). */
export interface NodeBox {
  /** The node's id in the model. */
  id: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A laid-out picture: node boxes and edge paths with the canvas size, ready for layoutToSvg. */
export interface PlotLayout {
  width: number;
  height: number;
  /** One box per drawn node, in the order of `view.nodes`. */
  boxes: NodeBox[];
  /** Per edge (as `view.edges`), the polyline from the parent's bottom to the child's top. */
  edgePoints: { x: number; y: number }[][];
  view: ViewGraph;
  /** Top of the drawing area, below the legend. */
  top: number;
  /** Left edge of the legend (above the root, so the root's view shows it). */
  legendX: number;
}

// Fixed type size: a picture of 4,000 nodes is as readable as one of 5 at 100 %; boxes are as wide
// as their text (up to NODE_W), so leaves pack closely and wide trees stay as compact as they can.
const FONT = 11;
/** Monospace advance at 11px (0.6 em) rounded up, so text never overflows its box. */
const CHAR = 6.7;
const LINE = 14;
const PAD = 6;
const NODE_W = 2 * PAD + Math.ceil(RULE_CHARS * CHAR);
const MIN_W = 96;
const CHARS = RULE_CHARS;
const H_GAP = 24;
const V_GAP = 56;
const MARGIN = 16;
const BAR_H = 8;
const FONT_FAMILY = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace";

const KEYS = ['maxDepth', 'decimals', 'featureNames', 'classNames', 'categories', 'featureSpread', 'maxTerms', 'tree', 'showMissing'] as const;

function resolve(options: PlotOptions | undefined): ViewOptions {
  const o = plainObject('options', options ?? {}) as PlotOptions;
  knownKeys('options', o, KEYS);
  const maxDepth = o.maxDepth === undefined || o.maxDepth === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : nonNegativeInt('maxDepth', o.maxDepth);
  const decimals = o.decimals === undefined ? 2 : nonNegativeInt('decimals', o.decimals);
  if (decimals > 15) throw new InvalidArgumentError('decimals', 'an integer from 0 to 15', o.decimals);
  const names = (key: 'featureNames' | 'classNames'): readonly string[] | null => {
    const v = o[key];
    if (v === undefined) return null;
    if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) throw new InvalidArgumentError(key, 'an array of strings', v);
    return v as readonly string[];
  };
  if (o.categories !== undefined && !Array.isArray(o.categories)) throw new InvalidArgumentError('categories', 'an array (per feature: level names or null)', o.categories);
  const spread = o.featureSpread;
  if (spread !== undefined && (!Array.isArray(spread) || !spread.every((v) => typeof v === 'number' && !(v < 0)))) {
    throw new InvalidArgumentError('featureSpread', 'an array of non-negative numbers (NaN: unknown), one per feature', spread);
  }
  return {
    maxDepth,
    decimals,
    featureNames: names('featureNames'),
    classNames: names('classNames'),
    categories: o.categories ?? null,
    featureSpread: spread ?? null,
    maxTerms: o.maxTerms === undefined ? 3 : positiveInt('maxTerms', o.maxTerms),
    tree: o.tree === undefined ? 0 : nonNegativeInt('tree', o.tree),
    showMissing: o.showMissing === undefined ? false : booleanValue('showMissing', o.showMissing),
  };
}

/** Lines of text under the rule: samples, impurity, then class or value. */
function infoLines(view: ViewGraph): number {
  const hasImpurity = view.nodes.some((v) => v.impurity !== null);
  return 2 + (hasImpurity ? 1 : 0);
}

function nodeHeight(view: ViewGraph): number {
  return 2 * PAD + LINE * (view.maxRuleLines + infoLines(view)) + (view.task === 'classification' ? BAR_H + 4 : 0);
}

/** The text lines of a node box: the rule (clipped), samples, impurity, class or value. */
function nodeLines(node: ViewNode, view: ViewGraph): string[] {
  const lines: string[] = node.rule.map((l) => clip(l));
  lines.push(`samples = ${node.samples}`);
  if (node.impurity !== null) lines.push(clip(node.impurity));
  lines.push(clip(view.task === 'classification' ? `class = ${view.classNames[node.majority] ?? ''}` : `value = ${fmtValue(node.value)}`));
  return lines;
}

/** A box as wide as its longest line (and the "×k" mark of a merged node), within MIN_W..NODE_W. */
function nodeWidth(node: ViewNode, view: ViewGraph): number {
  let chars = 0;
  for (const l of nodeLines(node, view)) chars = Math.max(chars, l.length);
  if (node.parents > 1) chars = Math.max(chars, (node.rule[0]?.length ?? 0) + 4);
  return Math.min(NODE_W, Math.max(MIN_W, Math.ceil(2 * PAD + chars * CHAR)));
}

/** Positions of every drawn node and edge (no SVG yet): what the overlap tests check. */
export function plotLayout(model: PlottableModel, options?: PlotOptions): PlotLayout {
  return layoutView(buildView(model, resolve(options)));
}

/** Width and height of the legend when its items wrap within `maxWidth`. */
function legendSize(view: ViewGraph, maxWidth: number): { width: number; height: number } {
  if (view.task === 'regression') return { width: 10 * 16 + 6 + CHAR * 24, height: 2 * LINE + 8 };
  let rows = 1;
  let x = 0;
  let width = CHAR * 19;
  for (const name of view.classNames) {
    const w = legendItemWidth(name);
    if (x > 0 && x + w > maxWidth) {
      rows++;
      x = 0;
    }
    x += w;
    width = Math.max(width, x);
  }
  return { width, height: LINE * (rows + 1) + 8 };
}

const legendItemWidth = (name: string): number => 18 + CHAR * Math.min(name.length, 24) + 14;
/** The legend wraps within this width: it sits above the root, where the viewer opens. */
const LEGEND_MAX_W = 640;

function layoutView(view: ViewGraph): PlotLayout {
  const n = view.nodes.length;
  const h = nodeHeight(view);
  const widths = Float64Array.from(view.nodes, (node) => nodeWidth(node, view));
  const from = new Int32Array(view.edges.length);
  const to = new Int32Array(view.edges.length);
  view.edges.forEach((e, k) => {
    from[k] = e.from;
    to[k] = e.to;
  });
  let cx: Float64Array;
  let layer: Int32Array;
  let bends: { x: number; layer: number }[][];
  if (!view.dag) {
    // A tree: edges are grouped by parent, parents first; children lists in CSR.
    const childStart = new Int32Array(n + 1);
    for (let k = 0; k < from.length; k++) childStart[from[k]! + 1]!++;
    for (let v = 0; v < n; v++) childStart[v + 1] = childStart[v + 1]! + childStart[v]!;
    cx = tidyLayout(n, childStart, to, H_GAP, widths);
    layer = new Int32Array(n);
    for (let k = 0; k < from.length; k++) layer[to[k]!] = layer[from[k]!]! + 1;
    bends = view.edges.map(() => []);
  } else {
    // A DAG's layered layout spaces equal boxes: all as wide as the widest.
    let w = MIN_W;
    for (let v = 0; v < n; v++) w = Math.max(w, widths[v]!);
    widths.fill(w);
    ({ x: cx, layer, bends } = layeredLayout({ n, from, to, nodeWidth: w, dummyWidth: 16, gap: H_GAP }));
  }
  let maxX = 0;
  let maxLayer = 0;
  for (let v = 0; v < n; v++) {
    maxX = Math.max(maxX, cx[v]! + widths[v]! / 2);
    maxLayer = Math.max(maxLayer, layer[v]!);
  }
  for (const b of bends) for (const p of b) maxX = Math.max(maxX, p.x);
  const legend = legendSize(view, LEGEND_MAX_W);
  const width = Math.max(Math.ceil(maxX + 2 * MARGIN), Math.ceil(legend.width + 2 * MARGIN), 240);
  const top = MARGIN + legend.height;
  const rowY = (l: number): number => top + l * (h + V_GAP);
  const boxes = view.nodes.map((node, v) => ({ id: node.id, x: MARGIN + cx[v]! - widths[v]! / 2, y: rowY(layer[v]!), width: widths[v]!, height: h }));
  const edgePoints = view.edges.map((e, k) => {
    const a = boxes[e.from]!;
    const b = boxes[e.to]!;
    const pts = [{ x: a.x + a.width / 2, y: a.y + h }];
    for (const p of bends[k]!) pts.push({ x: MARGIN + p.x, y: rowY(p.layer) - 4 }, { x: MARGIN + p.x, y: rowY(p.layer) + h + 4 });
    pts.push({ x: b.x + b.width / 2, y: b.y });
    return pts;
  });
  const height = Math.ceil(rowY(maxLayer) + h + V_GAP / 2 + MARGIN);
  // The legend starts above the root (clamped to the picture), so the root's view shows it.
  const rootX = n > 0 ? boxes[0]!.x : MARGIN;
  const legendX = Math.max(MARGIN, Math.min(rootX, width - MARGIN - legend.width));
  return { width, height, boxes, edgePoints, view, top, legendX };
}

/**
 * Text for XML: markup characters as entities; control characters (not allowed in XML 1.0, or
 * invisible) as their visible Unicode "control pictures" (U+2400 block), lone surrogates as U+FFFD.
 */
const esc = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, (c) => String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)))
    .replace(/[\u0080-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
const clip = (s: string, chars = CHARS): string => (s.length <= chars ? s : `${s.slice(0, chars - 1)}…`);
const r1 = (x: number): string => String(Math.round(x * 10) / 10);

/**
 * An SVG picture of a fitted model: a @dt/core tree (axis, oblique, CRIMCOORD, pruned), a Decision
 * Stream DAG (merged nodes drawn once, with several parents), or one tree of a forest. Node boxes
 * with the split rule, samples, impurity, class distribution bar (or value), leaves coloured by
 * majority class (or value) with a legend above the root. No DOM needed.
 *
 * The SVG has its natural size (11 px type) and a `viewBox`, so anything that scales it (an
 * `<img>` with `max-width`, an editor) fits it whole; edges and outlines keep one screen pixel at
 * any scale (non-scaling strokes). With `interactive: true` it carries the viewer (see
 * `attachViewer`): opened on its own in a browser it fills the window, opens at the root and
 * zooms and pans; as an `<img>` the script does not run and it is the same static picture.
 */
export function renderSvg(model: PlottableModel, options?: PlotOptions & { interactive?: boolean }): string {
  const { interactive, ...rest } = options ?? {};
  if (interactive !== undefined) booleanValue('interactive', interactive);
  const svg = layoutToSvg(plotLayout(model, rest));
  if (interactive !== true) return svg;
  return `${svg.slice(0, svg.lastIndexOf('</svg>'))}<script><![CDATA[\n${scriptText('document.documentElement', ']]>')}\n]]></script>\n</svg>\n`;
}

/** The viewer's source for embedding; it never contains the sequence that would end its element. */
function scriptText(svgExpression: string, terminator: string): string {
  const js = viewerScript(svgExpression);
  if (js.toLowerCase().includes(terminator)) throw new Error(`the viewer's source contains ${terminator}`);
  return js;
}

/**
 * A standalone HTML page: the picture fills the window with the viewer (fit, zoom, pan, overview;
 * see `attachViewer`), opening at the root at 100 % when the whole tree would be too small to read.
 */
export function renderHtml(model: PlottableModel, options?: PlotOptions & { title?: string }): string {
  const { title, ...rest } = options ?? {};
  const t = esc(title ?? 'dt model');
  const css =
    'html,body{margin:0;height:100%;overflow:hidden}body{display:flex;flex-direction:column;font-family:system-ui,sans-serif}' +
    'header{display:flex;gap:16px;align-items:baseline;padding:6px 16px;border-bottom:1px solid #dde;background:#f6f7f9}' +
    'h1{font-size:16px;margin:0}.hint{color:#666;font-size:13px}.dt-view{flex:1;min-height:0;position:relative;overflow:hidden}' +
    // Drawn once the viewer has collapsed a large tree: the browser never lays out the hidden thousands.
    '.dt-view svg:not(.dt-viewer) .dt-body{display:none}';
  const hint = 'drag to pan · wheel or + − to zoom · 0 opening view · f whole tree · arrows move';
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${t}</title>\n<style>${css}</style>\n<noscript><style>.dt-view{overflow:auto}.dt-view svg .dt-body{display:inline}</style></noscript>\n</head>\n<body>\n` +
    `<header><h1>${t}</h1><span class="hint">${hint}</span></header>\n<div class="dt-view">\n${renderSvg(model, rest)}</div>\n` +
    `<script>\n${scriptText("document.querySelector('.dt-view svg')", '</script')}\n</script>\n</body>\n</html>\n`
  );
}

function fmtValue(x: number): string {
  return String(+x.toPrecision(4));
}

/** The SVG text of a layout (what `renderSvg` returns). */
export function layoutToSvg(layout: PlotLayout): string {
  if (typeof layout !== 'object' || layout === null || typeof layout.view !== 'object' || !Array.isArray(layout.boxes)) throw new InvalidArgumentError('layout', 'a plot layout (plotLayout(model))', layout);
  const { view, width, height, boxes } = layout;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="dt-tree" data-layout="${view.dag ? 'dag' : 'tree'}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${esc(FONT_FAMILY)}" font-size="${FONT}">`,
    `<rect class="background" width="100%" height="100%" fill="#ffffff"/>`,
    '<g class="dt-body">',
  );
  // Regression colours span the drawn nodes' values.
  let vmin = Number.POSITIVE_INFINITY;
  let vmax = Number.NEGATIVE_INFINITY;
  if (view.task === 'regression') {
    for (const node of view.nodes) {
      vmin = Math.min(vmin, node.value);
      vmax = Math.max(vmax, node.value);
    }
  }
  const valueT = (v: number): number => (vmax > vmin ? (v - vmin) / (vmax - vmin) : 0.5);
  out.push(legend(view, layout.legendX, vmin, vmax, legendSize(view, LEGEND_MAX_W).width));
  // Non-scaling strokes: zoomed out (or scaled down in an <img>) edges stay one pixel wide, not 0.1.
  out.push('<g class="edges" fill="none" stroke="#8a8a8a" stroke-width="1.2">');
  layout.edgePoints.forEach((pts, k) => out.push(`<path class="edge" data-from="${view.edges[k]!.from}" data-to="${view.edges[k]!.to}" vector-effect="non-scaling-stroke" d="${edgePath(pts)}"/>`));
  out.push('</g>', `<g class="edge-labels" font-size="10" fill="#555" text-anchor="middle" stroke="#fff" stroke-width="3" paint-order="stroke">`);
  view.edges.forEach((e, k) => {
    const [a, b] = layout.edgePoints[k]! as [{ x: number; y: number }, { x: number; y: number }];
    out.push(`<text x="${r1(a.x + (b.x - a.x) * 0.3)}" y="${r1(a.y + (b.y - a.y) * 0.3 + 3)}">${esc(clip(e.label, 24))}</text>`);
  });
  out.push('</g>', '<g class="nodes">');
  view.nodes.forEach((node, v) => out.push(nodeSvg(node, boxes[v]!, view, valueT)));
  out.push('</g>');
  const stubs = view.nodes.map((node, v) => (node.cut ? stubSvg(boxes[v]!, v) : '')).filter((s) => s !== '');
  if (stubs.length > 0) out.push('<g class="stubs">', ...stubs, '</g>');
  out.push('</g>', '</svg>');
  return out.join('\n') + '\n';
}

function edgePath(pts: readonly { x: number; y: number }[]): string {
  const a = pts[0]!;
  const b = pts[pts.length - 1]!;
  if (pts.length === 2) {
    const my = (a.y + b.y) / 2;
    return `M${r1(a.x)},${r1(a.y)} C${r1(a.x)},${r1(my)} ${r1(b.x)},${r1(my)} ${r1(b.x)},${r1(b.y)}`;
  }
  return `M${pts.map((p) => `${r1(p.x)},${r1(p.y)}`).join(' L')}`;
}

function legend(view: ViewGraph, left: number, vmin: number, vmax: number, width: number): string {
  // data-right: where the legend ends, so the viewer can re-lay out without measuring text.
  const out = [`<g class="legend" data-right="${Math.ceil(left + width)}">`];
  let y = MARGIN + LINE - 3;
  const x0 = r1(left);
  if (view.task === 'regression') {
    out.push(`<text x="${x0}" y="${y}" font-weight="bold">value</text>`);
    y += 6;
    const steps = 10;
    for (let i = 0; i < steps; i++) out.push(`<rect x="${r1(left + i * 16)}" y="${y}" width="16" height="10" fill="${valueColor(i / (steps - 1))}"/>`);
    const lo = Number.isFinite(vmin) ? fmtValue(vmin) : '';
    const hi = Number.isFinite(vmax) ? fmtValue(vmax) : '';
    out.push(`<text x="${r1(left + steps * 16 + 6)}" y="${y + 9}">${esc(lo)} … ${esc(hi)}</text>`);
  } else {
    out.push(`<text x="${x0}" y="${y}" font-weight="bold">class (leaf colour)</text>`);
    y += LINE;
    let x = 0;
    view.classNames.forEach((name, c) => {
      const w = legendItemWidth(name);
      if (x > 0 && x + w > LEGEND_MAX_W) {
        x = 0;
        y += LINE;
      }
      out.push(`<rect x="${r1(left + x)}" y="${y - 9}" width="12" height="10" fill="${classColor(c)}"/>`, `<text x="${r1(left + x + 18)}" y="${y}">${esc(clip(name, 24))}</text>`);
      x += w;
    });
  }
  out.push('</g>');
  return out.join('\n');
}

function nodeSvg(node: ViewNode, box: { x: number; y: number; width: number; height: number }, view: ViewGraph, valueT: (v: number) => number): string {
  const classification = view.task === 'classification';
  const colour = classification ? classColor(node.majority) : valueColor(valueT(node.value));
  const fill = node.leaf ? (classification ? mix(colour, '#ffffff', 0.6) : colour) : '#f6f6f6';
  const stroke = node.leaf && classification ? colour : '#7a7a7a';
  const cls = `node${node.leaf ? ' leaf' : ''}${node.parents > 1 ? ' merged' : ''}`;
  const lines = nodeLines(node, view);
  const info: string[] = [node.title];
  if (classification) {
    const name = view.classNames[node.majority] ?? '';
    info.push(`samples = ${node.samples}`, node.impurity ?? '', `value = [${Array.from(node.distribution!, (x) => +x.toPrecision(6)).join(', ')}]`, `class = ${name}`);
  } else {
    info.push(`samples = ${node.samples}`, node.impurity ?? '', `value = ${node.value}`);
  }
  if (node.parents > 1) info.push(`merged: ${node.parents} parents`);
  const out = [
    `<g class="${cls}" data-id="${node.id}" transform="translate(${r1(box.x)},${r1(box.y)})">`,
    `<title>${esc(info.filter((s) => s !== '').join('\n'))}</title>`,
    `<rect width="${r1(box.width)}" height="${box.height}" rx="5" fill="${fill}" stroke="${stroke}" stroke-width="${node.parents > 1 ? 2.5 : 1}" vector-effect="non-scaling-stroke"/>`,
  ];
  if (node.parents > 1) out.push(`<text x="${box.width - PAD}" y="${PAD + FONT - 1}" text-anchor="end" fill="#b00">×${node.parents}</text>`);
  // Leaves have no rule: their text starts at the top like everyone else's info lines follow the rule.
  lines.forEach((l, i) => out.push(`<text x="${PAD}" y="${PAD + FONT - 1 + i * LINE}"${i < node.rule.length ? ' font-weight="bold"' : ''}>${esc(l)}</text>`));
  if (classification && node.distribution) {
    const total = node.distribution.reduce((s, x) => s + x, 0);
    const bw = box.width - 2 * PAD;
    const by = box.height - PAD - BAR_H;
    let x = PAD;
    out.push(`<g class="bar"><rect x="${PAD}" y="${by}" width="${bw}" height="${BAR_H}" fill="#ffffff" stroke="#bbb" stroke-width="0.5"/>`);
    if (total > 0) {
      node.distribution.forEach((c, k) => {
        if (c <= 0) return;
        const w = (c / total) * bw;
        out.push(`<rect x="${r1(x)}" y="${by}" width="${r1(w)}" height="${BAR_H}" fill="${classColor(k)}"/>`);
        x += w;
      });
    }
    out.push('</g>');
  }
  out.push('</g>');
  return out.join('');
}

function stubSvg(box: NodeBox, v: number): string {
  const cx = box.x + box.width / 2;
  const y = box.y + box.height;
  return `<g class="stub" data-node="${v}"><title>deeper nodes not drawn (maxDepth)</title><path d="M${r1(cx)},${r1(y)} L${r1(cx)},${r1(y + 10)}" stroke="#8a8a8a" stroke-dasharray="2,2"/><rect x="${r1(cx - 18)}" y="${r1(y + 10)}" width="36" height="16" rx="4" fill="#fff" stroke="#8a8a8a" stroke-dasharray="2,2"/><text x="${r1(cx)}" y="${r1(y + 22)}" text-anchor="middle">…</text></g>`;
}
