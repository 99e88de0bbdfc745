import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/**
 * The sandbox stands for the service: tests compare the app's answers with its answers, so it
 * may not borrow the client's business rules (pricing, stay rules, card checks), or those tests
 * would prove nothing. It imports its own files, the wire schemas (@shared/api), the units
 * (dates and money), zod and node's modules; never the rest of src-shared/domain, the main
 * process outside the sandbox, electron or another package. A relative path leaves the sandbox
 * with one more `../` than the file is deep in it, so there is one block per depth.
 */
function sandboxFence() {
  const shared = {
    regex: '^@shared/(?!api$|domain/dates$|domain/money$)',
    message:
      'the sandbox may import from src-shared only the wire schemas (@shared/api) and the ' +
      'units (@shared/domain/dates, @shared/domain/money): it answers by its own rules'
  }
  const packages = {
    regex: '^(?!zod$|node:|@shared/|\\.)',
    message: 'the sandbox may import only zod and node modules besides its own files'
  }
  return [0, 1, 2, 3].map((depth) => ({
    files: [`src-main/sandbox/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            shared,
            packages,
            {
              // worker-thread.ts starts a thread and lowers its priority: no rule of the service.
              regex: `^(?:\\.\\./){${depth + 1}}(?!worker-thread$)`,
              message: 'the sandbox may import only its own files (and @shared/api, dates, money)'
            }
          ]
        }
      ]
    }
  }))
}

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
    // Layers of the main process: the mirror (db), the service client (api), the sync, tokens,
    // profiles and the journal sit below the features (features/<domain>: each command's logic
    // and handlers), the IPC boundary (ipc) and the Electron shell (shell), which use them; they
    // never reach up. Errors they report are AppErrors from src-main/errors.ts.
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
              regex: '^\\.{1,2}/(?:\\.\\./)*(?:features|ipc|shell)(?:/|$)',
              message:
                'db, api, sync, auth, profiles and journal may not import the features, IPC or shell'
            }
          ]
        }
      ],
      // The same for import(): the sync process loads its modules lazily.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportExpression[source.value=/^\\.{1,2}\\/(\\.\\.\\/)*(features|ipc|shell)(\\/|$)/]',
          message:
            'db, api, sync, auth, profiles and journal may not import the features, IPC or shell'
        }
      ]
    }
  },
  {
    // The features run without Electron (the command line, the tests and the end-to-end harness
    // run exactly them): Electron's pieces reach them through createApp's deps, built in shell/.
    files: ['src-main/features/**/*.ts', 'src-main/ipc/**/*.ts', 'src-main/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'features, ipc and cli run without Electron'
            },
            {
              regex: '^\\.{1,2}/(?:\\.\\./)*shell(?:/|$)',
              message: 'features, ipc and cli run without Electron: the shell passes its pieces in'
            }
          ]
        }
      ]
    }
  },
  ...sandboxFence(),
  {
    // The hub is a Node service of its own: it shares src-shared (schemas, roles, rules) and may
    // use the desktop's service client (src-main/api) to talk to the service, nothing else of
    // the desktop: not its features, mirror or Electron shell, and never the renderer.
    files: ['src-hub/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'the hub runs without Electron' },
            {
              group: ['react', 'react-dom', 'react/*', '@mantine/*'],
              message: 'the hub has no window'
            },
            {
              regex: '^(?:\\.\\./)+src-(?:main/(?!api(?:/|$))|renderer/)',
              message: 'the hub may import src-shared, its own files and src-main/api only'
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
    // Type-aware rules where a slip is silent at run time: a promise nobody awaits loses its
    // error (and, for a write, its journal row's completion), and a switch over a union that
    // misses a member lets a new status or outcome fall through unsaid.
    files: [
      'src-main/**/*.ts',
      'src-shared/**/*.ts',
      'src-hub/**/*.ts',
      'src-renderer/**/*.{ts,tsx}',
      'scripts/**/*.ts',
      'test/**/*.ts'
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true }
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
