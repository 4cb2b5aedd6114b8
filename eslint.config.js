// ESLint (npm run lint, in .ci/run with zero warnings): typescript-eslint's recommended rules on
// everything we write, and React's rules of hooks on the client.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'coverage/**', '**/*.d.ts', '*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` says "deliberately unused" (a destructured field left out, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
      // The text rules find control characters on purpose (stored-text.ts, the login return address).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules; the React Compiler's rules (refs, purity…) need the compiler, which the client does not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // db/ works on any schema (Kysely<any>, Kysely's own idiom: a migration speaks to the database as
    // it was then, the prepared-statement cache to any database); tests read JSON answers.
    files: ['db/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
