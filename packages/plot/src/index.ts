export { renderSvg, renderHtml, plotLayout, layoutToSvg } from './render-svg.js';
export type { PlotOptions, PlotLayout, NodeBox } from './render-svg.js';
export type { PlottableModel, TreeModelLike, StreamModelLike, ForestLike, ViewGraph, ViewNode, ViewEdge } from './model-view.js';
export { attachViewer } from './viewer.js';
export type { TreeViewer, ViewerOptions } from './viewer.js';
export { tidyLayout } from './tidy-layout.js';
export { layeredLayout } from './layered-layout.js';
export type { LayeredInput, LayeredResult } from './layered-layout.js';
