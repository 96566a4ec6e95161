import { dtProject } from '@dt/vitest-config';

export default dtProject('@dt/core', { test: { setupFiles: ['./src/test-helpers/load-projections.ts'] } });
