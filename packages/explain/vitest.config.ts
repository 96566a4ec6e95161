import { dtProject } from '@dt/vitest-config';

export default dtProject('@dt/explain');
