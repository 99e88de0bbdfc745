import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
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

/**
 * The renderer's CSP (src-renderer/index.html) allows no network and no inline script, which the
 * dev server needs: Vite's hot reload talks over a websocket to the page's own host and port,
 * and React's Fast Refresh preamble is an inline module script. In development only (`apply:
 * 'serve'`), the served page's policy allows that websocket and that script's hash; a build
 * keeps the policy as written.
 */
function devServerCsp(): Plugin {
  let port: number | undefined
  return {
    name: 'staydesk:dev-server-csp',
    apply: 'serve',
    configureServer(server) {
      server.httpServer?.once('listening', () => {
        const hmr = typeof server.config.server.hmr === 'object' ? server.config.server.hmr : {}
        port =
          hmr.clientPort ?? hmr.port ?? (server.httpServer?.address() as AddressInfo | null)?.port
      })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const origins = port ? [`ws://localhost:${port}`, `ws://127.0.0.1:${port}`] : []
        const hashes = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
          .filter((m) => m[1].trim())
          .map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`)
        return html.replace(
          /(http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/,
          (_, head, policy: string) => {
            const next = policy
              .replace(/connect-src 'none'/, `connect-src ${origins.join(' ') || "'none'"}`)
              .replace(/script-src 'self'/, `script-src 'self' ${hashes.join(' ')}`.trimEnd())
            return `${head}${next}"`
          }
        )
      }
    }
  }
}

export default defineConfig({
  main: {
    resolve: { alias },
    define: {
      STAYDESK_BUILD: JSON.stringify({ commit: commit(), builtAt: new Date().toISOString() }),
      // `staydesk --version` answered by the app (`StayDesk --cli`), as scripts/build-cli.mjs sets it.
      STAYDESK_VERSION: JSON.stringify(
        (
          JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
            version: string
          }
        ).version
      )
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
    plugins: [react(), devServerCsp()],
    build: {
      outDir: 'out/renderer',
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } }
    }
  }
})
