import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: ['node_modules', 'out', 'dist', 'native', '.native-build', 'test-results', 'artifacts']
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
