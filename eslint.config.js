import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['timeline', 'search', 'credits', 'home', 'history', 'find', 'jobs'];

/** Features never import each other (routes compose them), and browser code never imports server code. */
const boundaries = FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: FEATURES.filter((other) => other !== feature).flatMap((other) => [
              `**/features/${other}/**`,
              `../${other}/**`,
              `../../${other}/**`,
              `../../../${other}/**`,
            ]),
            message: 'Features do not import each other; compose them in a route.',
          },
          { group: ['**/server/**'], message: 'Browser code never imports server code.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'bench/results.json',
      'node_modules',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      '.data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'Browser code never imports server code.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Upstream data is rendered as text, never as HTML.',
        },
      ],
    },
  },
  ...boundaries,
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
);
