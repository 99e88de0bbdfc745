import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'out-*',
      '.ci/tools',
      'dist',
      'native',
      '.native-build',
      'test-results',
      'artifacts'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ],
      'no-console': 'off'
    }
  },
  {
    // src-shared is "std" code: both processes import it, so it may not depend on either world.
    files: ['src-shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'src-shared may not import electron' },
            { group: ['node:*'], message: 'src-shared may not import node modules' },
            {
              group: ['react', 'react-dom', 'react/*', '@mantine/*'],
              message: 'src-shared may not import react'
            },
            {
              group: ['**/src-main/**', '**/src-renderer/**'],
              message: 'src-shared may not import app code'
            }
          ]
        }
      ]
    }
  },
  {
    // Layers of the main process: the mirror (db), the service client (api), the sync, tokens
    // and profiles sit below the app's services (app) and the IPC boundary (ipc), which use
    // them; they never reach up. Errors they report are AppErrors from src-main/errors.ts.
    files: [
      'src-main/db/**/*.ts',
      'src-main/api/**/*.ts',
      'src-main/sync/**/*.ts',
      'src-main/auth/**/*.ts',
      'src-main/profiles/**/*.ts',
      'src-main/journal/**/*.ts'
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(?:\\.\\./)*(?:app|ipc)(?:/|$)',
              message:
                'db, api, sync, auth, profiles and journal may not import the app or IPC layers'
            }
          ]
        }
      ],
      // The same for import(): the sync process loads its modules lazily.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^\\.{1,2}\\/(\\.\\.\\/)*(app|ipc)(\\/|$)/]',
          message: 'db, api, sync, auth, profiles and journal may not import the app or IPC layers'
        }
      ]
    }
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-main/**', 'electron', 'node:*'],
              message: 'the renderer talks to main only through the IPC contract'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'no focused tests' }
      ]
    }
  }
)
