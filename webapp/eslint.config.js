import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'src/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '**/features/**'],
              message: 'Features do not import from each other; share through components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Every user-visible text comes from the catalogues (src/lib/i18n/README.md), everywhere.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/testing/**', '**/testing/**'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,title,message,description,placeholder,alt,confirmLabel,cancelLabel,heading,emptyText}']] } },
      ],
      'formatjs/no-literal-string-in-object': ['error', { include: ['label', 'title', 'message', 'description', 'placeholder'] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='usePageTitle'] > Literal[value=/./]",
          message: 'Page titles come from the catalogues: usePageTitle(t(…)).',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    // Journeys and the page-speed benchmark pass callbacks to page.evaluate(), which run in the browser.
    files: ['e2e/**/*.mjs', 'scripts/bench-webapp.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
