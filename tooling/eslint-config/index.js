// Shared flat config: typescript-eslint's recommended rules plus the project's conventions.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['api-docs/**', '**/dist/**', '**/node_modules/**', '**/coverage/**', '**/.turbo/**', '**/fixtures/**', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
);
