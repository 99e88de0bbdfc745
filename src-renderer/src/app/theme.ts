import { DateInput, DatePicker, DatePickerInput } from '@mantine/dates'
import {
  Autocomplete,
  createTheme,
  Drawer,
  Modal,
  Notification,
  Pagination,
  darken,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  Select,
  type CSSVariablesResolver
} from '@mantine/core'

/**
 * Mantine's defaults, tuned so every text meets WCAG AA contrast (4.5:1), light and dark, which
 * the end-to-end run checks with axe-core on every screen:
 * - filled buttons and badges choose black or white text by the background's luminance (the
 *   threshold where both give equal contrast), instead of white on any colour;
 * - coloured text and light badges use a shade darkened enough for a light background (teal,
 *   orange or yellow text at Mantine's shade 9 reads at 3 to 4.3:1);
 * - dimmed text is one step darker (light) or lighter (dark) than Mantine's 3.3:1 and 4:1.
 */
const resolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-text)'
  }
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)'
  }
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || name === 'gray') continue
    const text = darken(shades[9], 0.3)
    light[`--mantine-color-${name}-text`] = text
    light[`--mantine-color-${name}-light-color`] = text
    light[`--mantine-color-${name}-light`] = shades[0]
    dark[`--mantine-color-${name}-text`] = shades[3]
  }
  return { variables: {}, light, dark }
}

export const cssVariablesResolver = resolver

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade'
}

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  autoContrast: true,
  // WCAG's crossover: above this luminance black text contrasts more than white.
  luminanceThreshold: 0.179,
  defaultRadius: 'sm',
  // Always show the focus ring for keyboard users; mouse clicks don't draw it.
  focusRing: 'auto',
  cursorType: 'pointer',
  colors: DEFAULT_THEME.colors,
  components: {
    // A long list of choices scrolls as the list box itself, which the arrow keys move through
    // (Mantine's scroll area would put a wrapper inside the list box, which ARIA forbids).
    Autocomplete: Autocomplete.extend({
      defaultProps: { withScrollArea: false, maxDropdownHeight: 280 }
    }),
    // The arrows of every page picker say where they go (Mantine leaves them unnamed).
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control) =>
          control === 'previous'
            ? { 'aria-label': 'Previous page' }
            : control === 'next'
              ? { 'aria-label': 'Next page' }
              : {}
      }
    }),
    Select: Select.extend({ defaultProps: { withScrollArea: false, maxDropdownHeight: 280 } }),
    // Calendars: the arrows say where they go, and weekends are not red (Mantine's red reads at
    // 3.3:1, and red would say "unavailable" on a property manager's desk).
    DateInput: DateInput.extend({ defaultProps: { ariaLabels: CALENDAR_LABELS, weekendDays: [] } }),
    DatePickerInput: DatePickerInput.extend({
      defaultProps: { ariaLabels: CALENDAR_LABELS, weekendDays: [] }
    }),
    DatePicker: DatePicker.extend({
      defaultProps: { ariaLabels: CALENDAR_LABELS, weekendDays: [] }
    }),
    // Every dialog's × says what it does to a screen reader.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } }),
    // Mantine's notification text is gray-6 (3.3:1 on white); the theme's dimmed reads at AA.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } }
    })
  }
})

/** Only the light/dark choice is persisted in localStorage; no data ever is. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'staydesk-color-scheme' })

export const KIND_COLOR = { demo: 'teal', test: 'orange', production: 'red' } as const
