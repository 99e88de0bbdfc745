import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { COMMANDS, EVENTS, type EventName } from '@shared/ipc/channels'
import type { DesktopApi } from '@shared/ipc/contract'

/**
 * Exposes one function per contract command plus `on` for the contract's events, and nothing
 * else: the renderer never sees ipcRenderer or picks a channel name. Kept free of zod so it runs
 * in Electron's sandboxed preload; main validates every input anyway.
 */
const commands = Object.fromEntries(
  COMMANDS.map((name) => [name, (input: unknown) => ipcRenderer.invoke(name, input)])
)

function on(event: EventName, listener: (payload: unknown) => void): () => void {
  if (!(EVENTS as readonly string[]).includes(event))
    throw new Error(`unknown event ${String(event)}`)
  // The IPC event object is dropped: it carries `sender`, which the renderer must not get.
  const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload)
  ipcRenderer.on(event, wrapped)
  return () => void ipcRenderer.removeListener(event, wrapped)
}

const api = { ...commands, on } as unknown as DesktopApi

contextBridge.exposeInMainWorld('staydesk', api)
