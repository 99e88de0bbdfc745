import type { DesktopApi } from '@shared/ipc/contract'

declare global {
  interface Window {
    /** The preload's bridge: one function per IPC contract command. */
    staydesk: DesktopApi
  }
}
