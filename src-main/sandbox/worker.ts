import { fileURLToPath } from 'node:url'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { lowerThreadPriority, startWorkerThread } from '../worker-thread'
import type { DemoBookingSummary, DemoSituations, FaultOptions, StartSandboxOptions } from './index'

/**
 * Runs the sandbox in a worker thread, so serializing 15 MB pages never blocks the thread that
 * started it (in the app: the Electron main process, which also drives windows). This file is
 * both the launcher and the worker's entry. Under tsx or vitest it runs from source with the tsx
 * loader; the built app must bundle it as its own entry (electron-vite: `./worker?modulePath`)
 * and pass that path as `entry`.
 */

export type WorkerSandboxOptions = Omit<StartSandboxOptions, 'log' | 'onIncidents'>

export interface WorkerSandbox {
  url: string
  port: number
  /** The demo bookings as they were at start, so the app's main process can name them. */
  demoBookings: DemoBookingSummary[]
  demoBookingIds: string[]
  /** What the demo has from the start (empty unless started with `situations: true`). */
  situations: DemoSituations
  setFaults(faults: FaultOptions | null): void
  close(): Promise<void>
}

type ToWorker = { type: 'close' } | { type: 'setFaults'; faults: FaultOptions | null }
type FromWorker =
  | {
      type: 'ready'
      url: string
      port: number
      demoBookings: DemoBookingSummary[]
      situations: DemoSituations
    }
  | { type: 'failed'; message: string }
  | { type: 'closed' }

interface WorkerInput {
  sandboxWorker: true
  options: WorkerSandboxOptions
}

export async function startSandboxInWorker(
  options: WorkerSandboxOptions = {},
  entry: string | URL = new URL(import.meta.url)
): Promise<WorkerSandbox> {
  const path = entry instanceof URL ? fileURLToPath(entry) : entry
  const worker = startWorkerThread(path, {
    workerData: { sandboxWorker: true, options } satisfies WorkerInput
  })
  const ready = await new Promise<Extract<FromWorker, { type: 'ready' }>>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`sandbox worker exited (${code})`)))
    worker.once('message', (m: FromWorker) => {
      if (m.type === 'ready') resolve(m)
      else reject(new Error(m.type === 'failed' ? m.message : 'sandbox worker closed early'))
    })
  })
  worker.removeAllListeners('exit')
  worker.removeAllListeners('error')
  const post = (m: ToWorker): void => worker.postMessage(m)
  return {
    url: ready.url,
    port: ready.port,
    demoBookings: ready.demoBookings,
    demoBookingIds: ready.demoBookings.map((b) => b.id),
    situations: ready.situations,
    setFaults: (faults) => post({ type: 'setFaults', faults }),
    close: async () => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
      post({ type: 'close' })
      await exited
    }
  }
}

async function runInWorker(input: WorkerInput): Promise<void> {
  const port = parentPort
  if (!port) return
  const send = (m: FromWorker): void => port.postMessage(m)
  try {
    lowerThreadPriority()
    const { startSandbox } = await import('./index')
    const sandbox = await startSandbox(input.options)
    port.on('message', (m: ToWorker) => {
      if (m.type === 'setFaults') sandbox.setFaults(m.faults)
      if (m.type === 'close') {
        void sandbox.close().then(() => {
          send({ type: 'closed' })
          port.close()
        })
      }
    })
    send({
      type: 'ready',
      url: sandbox.url,
      port: sandbox.port,
      demoBookings: sandbox.demoBookings,
      situations: sandbox.situations
    })
  } catch (error) {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    port.close()
  }
}

if (!isMainThread && (workerData as Partial<WorkerInput> | null)?.sandboxWorker) {
  void runInWorker(workerData as WorkerInput)
}
