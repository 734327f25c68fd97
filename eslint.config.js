import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder of src/features: a new feature is held to the boundaries without being listed here. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const NO_SERVER = { group: ['**/server/**'], message: 'Browser code never imports server code.' };

/**
 * What crosses between src/ and server/: the server imports from src/ only the contract (shapes, limits, cookie
 * names... both sides hold; the built SSR entry is loaded at run time by server/http/render.ts, its types are in the
 * contract), and the contract imports nothing else of the app's, so the server reaches nothing else through it.
 */
const SERVER_ZONE = {
  target: './server',
  from: './src',
  except: ['./contract', './entry-server.tsx'],
  message: 'The server imports from src/ only src/contract (what both sides hold): move the shared part there.',
};
const CONTRACT_ZONE = {
  target: './src/contract',
  from: './src',
  except: ['./contract'],
  message: 'src/contract imports only src/contract (and libraries): both the browser and the server import it.',
};

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
          NO_SERVER,
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
      'no-restricted-imports': ['error', { patterns: [NO_SERVER] }],
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
    // No folder or file depends on itself through another: each import graph reads one way.
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [SERVER_ZONE, CONTRACT_ZONE] }],
    },
  },
  {
    // The contract's tests may check it against the features that write with it (every exporter's columns).
    files: ['src/contract/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [SERVER_ZONE] }] },
  },
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
