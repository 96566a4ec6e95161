import type { UserWorkspaceConfig } from 'vitest/config';
export function dtProject(name: string, overrides?: UserWorkspaceConfig): UserWorkspaceConfig;
