import type { UserWorkspaceConfig } from 'vitest/config';
/** The file names that make a test end-to-end: excluded from the packages' projects, run by the root's `e2e` project. */
export const E2E_TEST_FILES: string[];
/** A package's inner-loop project: its src/ and test/ tests except the end-to-end files. */
export function dtProject(name: string, overrides?: UserWorkspaceConfig): UserWorkspaceConfig;
/** The root's `e2e` project: every package's `*.e2e.test.ts` and `*.slow.test.ts`. */
export function dtE2eProject(): UserWorkspaceConfig;
