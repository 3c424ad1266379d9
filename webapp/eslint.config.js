import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Folders whose components must not hold literal texts (see the i18n block below). */
const I18N_CHECKED = [
  'src/components/layout',
  'src/components/dialog',
  'src/components/language-switch',
  'src/components/login-prompt',
  'src/components/icons',
  'src/components/toast',
  'src/lib/i18n',
  'src/components/carousel',
  'src/components/movie-card',
  'src/components/movie-actions',
  'src/features/auth',
  'src/features/home',
  'src/features/movies',
  'src/features/static-pages',
  'src/features/groups',
  'src/features/home',
  'src/features/showtimes',
];
const I18N_CHECKED_FILES = ['src/app/not-found-page.tsx', 'src/app/routes.tsx', 'src/components/coming-soon.tsx', 'src/lib/use-page-title.ts'];

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
    // Every user-visible text comes from the catalogues (src/lib/i18n/README.md). Widen this
    // list as folders are converted; new feature folders are in it from day one.
    files: I18N_CHECKED.map((dir) => `${dir}/**/*.{ts,tsx}`).concat(I18N_CHECKED_FILES),
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
    // Journeys pass callbacks to page.evaluate(), which run in the browser.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
