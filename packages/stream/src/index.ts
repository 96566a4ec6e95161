export type { TestName, TestFamily, PValueOut } from './test-result.js';
export { ksTest, ksPValue, ksStatisticInt, KS_AUTO_MAX_N, KS_FAST_EXACT_PRODUCT } from './ks-test.js';
export type { KsMethod, KsOptions, KsResult } from './ks-test.js';
export { kolmogorovSf, kstwoSf, smirnovSf, ks2ExactSf } from './ks-distribution.js';
export { mannWhitneyU, mwuExactCdf } from './mann-whitney.js';
export type { MwuMethod, MwuOptions, MwuResult } from './mann-whitney.js';
export { tTest, zTest } from './parametric-tests.js';
export type { ParametricResult, StudentResult } from './parametric-tests.js';
export { selectTest, twoSampleTest } from './two-sample-test.js';
export type { TwoSampleOptions, TwoSampleResult } from './two-sample-test.js';
export { DecisionStreamClassifier } from './decision-stream-classifier.js';
export { DecisionStreamRegressor } from './decision-stream-regressor.js';
export { DecisionStream } from './decision-stream.js';
export type { StreamFitOptions } from './decision-stream.js';
export type { StreamOptions, ResolvedStreamOptions, Candidates, StreamMode, MaxFeatures } from './options.js';
export { DEFAULT_ALPHA, STREAM_OPTIONS } from './options.js';
export { StreamGraph } from './stream-graph.js';
export type { RoundInfo, StopReason } from './grow.js';
export {
  STREAM_MODEL_FORMAT,
  STREAM_MODEL_FORMAT_VERSION,
  streamModelToJson,
  serializeStreamModel,
  graphToJson,
  graphFromJson,
  readGraphJson,
} from './model-format.js';
export type { StreamModelJson, StreamGraphJson, FittedStreamEstimator } from './model-format.js';
export { loadStreamModel, streamModelFormat } from './load-stream-model.js';
export type { StreamModel } from './load-stream-model.js';
export { exportStreamDot, exportStreamText } from './export-dot.js';
export type { StreamDotOptions } from './export-dot.js';
