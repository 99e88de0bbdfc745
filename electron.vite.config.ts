import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

// Our folders are src-main / src-renderer / src-shared, not electron-vite's src/main convention,
// so every entry is named here.
const alias = { '@shared': resolve(import.meta.dirname, 'src-shared') }

/** The commit the build is made from, for the About dialog; null outside a git checkout. */
function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return null
  }
}

export default defineConfig({
  main: {
    resolve: { alias },
    define: {
      STAYDESK_BUILD: JSON.stringify({ commit: commit(), builtAt: new Date().toISOString() })
    },
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'src-main/index.ts') } }
    }
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be a single CommonJS file that only requires 'electron'.
      externalizeDeps: false,
      rolldownOptions: {
        input: { preload: resolve(import.meta.dirname, 'src-main/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    resolve: { alias },
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } }
    }
  }
})
