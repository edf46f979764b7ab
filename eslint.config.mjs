import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

const config = [
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'bench/.bare-next/**',
      '.editor-e2e/**',
      'next-env.d.ts',
    ],
  },
  ...nextVitals,
  ...nextTs,
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
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Vitest's and Playwright's asymmetric matchers (expect.any, expect.stringMatching)
    // are typed `any` upstream: placing one in an expected object is no unsafe assignment.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Next.js's config asks for async functions even where nothing is awaited.
    files: ['next.config.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // One routing source (HOUSE-STYLE.md habit 2): links and redirects come from
    // src/i18n/navigation, which adds the language prefix.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/i18n/navigation.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'next/link', message: 'Use Link from @/i18n/navigation.' },
            {
              name: 'next/font/google',
              message:
                'Fonts are self-hosted through next/font/local (nothing can be downloaded at build).',
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
    files: ['src/components/calculator/**', 'src/lib/calculator/{estimate,selection,describe}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'next/link', message: 'Use Link from @/i18n/navigation.' },
            {
              name: 'zod',
              message: 'The calculator ships to the browser; validate on the server.',
            },
            { name: 'next-intl', message: 'Texts come ready from src/server/calculator/texts.ts.' },
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
