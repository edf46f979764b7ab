import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const config = [
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      '.astro/**',
      '.cache/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'bench/.bare-next/**',
      'bench/.bare-astro/**',
      '.editor-e2e/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{tsx,jsx}'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    plugins: { react, 'jsx-a11y': jsxA11y },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Types say what props are; React's runtime checks are not used.
      'react/prop-types': 'off',
      // HTML's invoker commands and a dialog's light dismiss, which React passes through.
      'react/no-unknown-property': ['error', { ignore: ['commandfor', 'command', 'closedby'] }],
    },
  },
  reactHooks.configs.flat['recommended-latest'],
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  // typescript-eslint's type-checked recommended set, on every TypeScript file.
  ...tseslint.configs.recommendedTypeChecked.map((entry) => ({
    ...entry,
    files: ['**/*.{ts,tsx,mts}'],
  })),
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['tests/e2e/**/*.ts', 'tests/editor/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Vitest's and Playwright's asymmetric matchers (expect.any, expect.stringMatching)
    // are typed `any` upstream: placing one in an expected object is no unsafe assignment.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // One routing source: links and redirects come from src/i18n/navigation,
    // which adds the language prefix.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/i18n/navigation.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'next-intl',
              message: 'Translate with @/i18n/server (pages, components) or use-intl/core.',
            },
          ],
        },
      ],
    },
  },
  {
    // The calculator runs in the browser: keep zod (29 KB) and the ICU message
    // formatter out of it. Strict checks live in selection-schema.ts, texts are
    // built on the server (src/server/calculator).
    files: [
      'src/components/calculator/**/*.{ts,tsx}',
      'src/lib/calculator/{estimate,selection,describe}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'The calculator ships to the browser; validate on the server.',
            },
            {
              name: 'use-intl/core',
              message: 'Texts come ready from src/server/calculator/texts.ts.',
            },
          ],
          patterns: [
            {
              group: ['**/selection-schema', '@/server/**'],
              message: 'Server-side code; the calculator ships to the browser.',
            },
          ],
        },
      ],
    },
  },
];

export default config;
