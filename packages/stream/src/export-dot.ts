import { checkExportOptions } from '@dt/core/internal';
import { DecisionStreamClassifier } from './decision-stream-classifier.js';
import type { StreamModel } from './load-stream-model.js';
import { fittedStreamArg } from './arguments.js';

/** Options of exportStreamDot/exportStreamText: feature names and decimals. */
export interface StreamDotOptions {
  featureNames?: readonly string[];
  /** Digits after the decimal point for thresholds and values (default 3). */
  decimals?: number;
}

const STREAM_EXPORT_KEYS: readonly (keyof StreamDotOptions)[] = ['featureNames', 'decimals'];

const fmt = (x: number, decimals: number): string => String(+x.toFixed(decimals));
const esc = (s: string): string => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/**
 * Graphviz DOT source of a fitted stream. Merges show as nodes with several incoming edges; such
 * nodes are drawn with a double border and labelled with their number of parents. Multi-way
 * (large-data mode) nodes label each edge with its range.
 */
export function exportStreamDot(model: StreamModel, options: StreamDotOptions = {}): string {
  fittedStreamArg('model', model);
  const g = model.graph;
  const { decimals } = checkExportOptions(options, STREAM_EXPORT_KEYS, 3);
  const names = options.featureNames ?? model.featureNames ?? null;
  const fname = (f: number): string => names?.[f] ?? `x[${f}]`;
  const isC = model instanceof DecisionStreamClassifier;
  const classes = isC ? model.classes : [];
  const deg = g.inDegree();
  const out = [
    'digraph DecisionStream {',
    'node [shape=box, style="filled, rounded", color="black", fontname="helvetica"] ;',
    'edge [fontname="helvetica"] ;',
  ];
  for (let i = 0; i < g.nodeCount; i++) {
    const parts: string[] = [];
    const s = g.childStart[i]!;
    const e = g.childStart[i + 1]!;
    const leaf = s === e;
    if (!leaf) parts.push(e - s === 2 ? `${fname(g.feature[i]!)} <= ${fmt(g.thresholds[s]!, decimals)}` : `${fname(g.feature[i]!)}: ${e - s} ranges`);
    parts.push(`samples = ${g.nSamples[i]}`);
    if (isC) {
      const C = g.nOutputs;
      const v = Array.from(g.value.subarray(i * C, i * C + C));
      parts.push(`value = [${v.join(', ')}]`);
      let best = 0;
      for (let c = 1; c < C; c++) if (v[c]! > v[best]!) best = c;
      parts.push(`class = ${String(classes[best])}`);
    } else parts.push(`value = ${fmt(g.value[i]!, decimals)}`);
    if (deg[i]! > 1) parts.push(`merged: ${deg[i]} parents`);
    const fill = leaf ? '#e5f5e0' : '#f0f0f0';
    const peri = deg[i]! > 1 ? ', peripheries=2' : '';
    out.push(`${i} [label="${parts.map(esc).join('\\n')}", fillcolor="${fill}"${peri}] ;`);
  }
  for (let i = 0; i < g.nodeCount; i++) {
    const s = g.childStart[i]!;
    const e = g.childStart[i + 1]!;
    for (let k = s; k < e; k++) {
      let label: string;
      if (e - s === 2) label = k === s ? 'yes' : 'no';
      else {
        const lo = k === s ? '-inf' : fmt(g.thresholds[k - 1]!, decimals);
        const hi = k === e - 1 ? 'inf' : fmt(g.thresholds[k]!, decimals);
        label = `(${lo}, ${hi}]`;
      }
      out.push(`${i} -> ${g.children[k]} [label="${esc(label)}"] ;`);
    }
  }
  out.push('}');
  return out.join('\n') + '\n';
}

/**
 * Plain-text listing of a fitted stream, one node per line in id (topological) order: splits with
 * their children, leaves with their prediction, and the number of parents of merged nodes. A DAG has
 * no nested rendering like a tree's; following the child ids reads the graph.
 */
export function exportStreamText(model: StreamModel, options: StreamDotOptions = {}): string {
  fittedStreamArg('model', model);
  const g = model.graph;
  const { decimals } = checkExportOptions(options, STREAM_EXPORT_KEYS, 3);
  const names = options.featureNames ?? model.featureNames ?? null;
  const fname = (f: number): string => names?.[f] ?? `x[${f}]`;
  const isC = model instanceof DecisionStreamClassifier;
  const classes = isC ? model.classes : [];
  const deg = g.inDegree();
  const lines: string[] = [];
  for (let i = 0; i < g.nodeCount; i++) {
    const s = g.childStart[i]!;
    const e = g.childStart[i + 1]!;
    const head = `node ${i}${deg[i]! > 1 ? ` (merged, ${deg[i]} parents)` : ''}, ${g.nSamples[i]} samples: `;
    if (s === e) {
      if (isC) {
        const C = g.nOutputs;
        const v = Array.from(g.value.subarray(i * C, i * C + C));
        let best = 0;
        for (let c = 1; c < C; c++) if (v[c]! > v[best]!) best = c;
        lines.push(`${head}leaf, class ${String(classes[best])} [${v.join(', ')}]`);
      } else lines.push(`${head}leaf, value ${fmt(g.value[i]!, decimals)}`);
      continue;
    }
    const f = fname(g.feature[i]!);
    if (e - s === 2) lines.push(`${head}${f} <= ${fmt(g.thresholds[s]!, decimals)} ? node ${g.children[s]} : node ${g.children[s + 1]}`);
    else {
      const parts: string[] = [];
      for (let k = s; k < e; k++) parts.push(`${k === e - 1 ? `> ${fmt(g.thresholds[k - 1]!, decimals)}` : `<= ${fmt(g.thresholds[k]!, decimals)}`} -> node ${g.children[k]}`);
      lines.push(`${head}${f}: ${parts.join(', ')}`);
    }
  }
  return lines.join('\n') + '\n';
}
