import type { UserWorkspaceConfig } from 'vitest/config';
/** The file names that make a test end-to-end: excluded from the packages' projects, run by the root's `e2e` project. */
export const E2E_TEST_FILES: string[];
/** The file names of inner-loop tests that need their own module graph: excluded from the packages' projects, run by `@dt/isolated`. */
export const ISOLATED_TEST_FILES: string[];
/** A package's inner-loop project: its src/ and test/ tests except the end-to-end and isolated files, sharing one module graph per worker. */
export function dtProject(name: string, overrides?: UserWorkspaceConfig): UserWorkspaceConfig;
/** The root's `e2e` project: every package's `*.e2e.test.ts` and `*.slow.test.ts`. */
export function dtE2eProject(): UserWorkspaceConfig;
/** The root's `@dt/isolated` project: every package's `*.isolated.test.ts`, each file with its own module graph. */
export function dtIsolatedProject(): UserWorkspaceConfig;
