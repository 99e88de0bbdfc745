import type { BrowserWindow, Dialog } from 'electron'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FileDeps } from '../features/context'

/**
 * Saving what the person exports (the journal as CSV, a voucher as PDF) the way a desktop app
 * does: the system's save dialog over the window, suggesting the Documents folder; and printing
 * the window to PDF with Chromium's own printing (the voucher view is styled for print).
 */
export function electronFiles(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  windowOf: () => BrowserWindow | undefined,
  documentsDir: string
): FileDeps {
  const window = (): BrowserWindow => {
    const win = windowOf()
    if (!win || win.isDestroyed()) throw new Error('the StayDesk window is closed')
    return win
  }
  return {
    save: async ({ suggestedName, filters, contents }) => {
      const choice = await dialog.showSaveDialog(window(), {
        defaultPath: join(documentsDir, suggestedName),
        filters
      })
      if (choice.canceled || !choice.filePath) return null
      await writeFile(choice.filePath, contents)
      return choice.filePath
    },
    printToPdf: async () =>
      window().webContents.printToPDF({ pageSize: 'A4', printBackground: true, margins: {} })
  }
}
