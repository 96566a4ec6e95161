/**
 * @deprecated `@dt/criteria/classification` no longer registers anything (built-in criteria are values, and
 * every name resolves through the main entry's static table): remove `import '@dt/criteria/classification'`.
 * Kept as a plain re-export of the main entry's name resolution for one minor version.
 */
export { getCriterion, registerCriterion, listCriteria } from './registry.js';
export type { CriterionTask } from './registry.js';
