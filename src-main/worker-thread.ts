import { readdirSync } from 'node:fs'
import { setPriority } from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * Starts a worker thread from `entry`: a built `.js` file in the app (electron-vite bundles it
 * through `?modulePath`), or a `.ts` source under tsx and vitest. Node 20 resolves a worker's
 * entry before `--import` hooks run, so a `.ts` entry fails even with tsx in execArgv; a tiny
 * script worker registers tsx (with the tsconfig holding the `@shared` alias) and then imports
 * the entry. The parent's execArgv is not inherited: tsx's CJS preflight in it breaks the import.
 */
export function startWorkerThread(entry: string | URL, options: WorkerOptions): Worker {
  const path = entry instanceof URL ? fileURLToPath(entry) : entry
  if (!path.endsWith('.ts')) return new Worker(path, options)
  const tsconfig = fileURLToPath(new URL('../tsconfig.node.json', import.meta.url))
  const bootstrap = `import('tsx/esm/api').then((tsx) => {
  tsx.register({ tsconfig: ${JSON.stringify(tsconfig)} })
  return import(${JSON.stringify(pathToFileURL(path).href)})
})`
  return new Worker(bootstrap, { ...options, eval: true, execArgv: [] })
}

/**
 * Background threads (sync, the embedded sandbox) step back so the thread that drives the
 * window runs first on a busy machine. On Linux the nice value belongs to the calling thread;
 * elsewhere it would lower the whole app, so it is left alone there.
 */
export function lowerThreadPriority(nice = 19): void {
  if (process.platform !== 'linux') return
  try {
    setPriority(nice)
  } catch {
    // Not allowed in some containers; the thread simply runs at normal priority.
  }
}

/**
 * The whole process steps back: every thread, the garbage collector's helpers included, so that
 * nothing in it competes with the app's main process. On Linux a nice value belongs to a thread,
 * so each of the process's threads is set (threads started later inherit from their creator);
 * elsewhere the priority belongs to the process.
 */
export function lowerProcessPriority(nice = 19): void {
  try {
    if (process.platform !== 'linux') return setPriority(process.pid, nice)
    for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), nice)
  } catch {
    // As above: a container may refuse; the process runs at normal priority.
  }
}
