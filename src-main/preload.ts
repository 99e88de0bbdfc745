import { contextBridge, ipcRenderer } from 'electron'
import { COMMANDS } from '@shared/ipc/channels'
import type { DesktopApi } from '@shared/ipc/contract'

/**
 * Exposes one function per contract command and nothing else: the renderer never sees
 * ipcRenderer or picks a channel name. Kept free of zod so it runs in Electron's sandboxed
 * preload; main validates every input anyway.
 */
const api = Object.fromEntries(
  COMMANDS.map((name) => [name, (input: unknown) => ipcRenderer.invoke(name, input)])
) as DesktopApi

contextBridge.exposeInMainWorld('staydesk', api)
