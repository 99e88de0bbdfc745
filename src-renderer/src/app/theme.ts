import { createTheme, localStorageColorSchemeManager } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  // Always show the focus ring for keyboard users; mouse clicks don't draw it.
  focusRing: 'auto',
  cursorType: 'pointer'
})

/** Only the light/dark choice is persisted in localStorage; no data ever is. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'staydesk-color-scheme' })

export const KIND_COLOR = { demo: 'teal', test: 'orange', production: 'red' } as const
