import dt from '@dt/eslint-config';
export default dt;
