import { dtProject } from '@dt/vitest-config';

// Checks of the repository itself (docs against package.json files); not a package (no package.json).
export default dtProject('@dt/repo-checks');
