import { createSpotlight } from '@mantine/spotlight'

/** The command palette's own Spotlight store: opened by Ctrl/Cmd+K, the header and the frame. */
export const [paletteStore, palette] = createSpotlight()

/**
 * Marks the first result selected, as Spotlight does itself when the query changes. Listing
 * matches arrive a moment later (they are read from the mirror), and Spotlight's own selection
 * ran before they existed: without this, an id followed by Enter opened nothing.
 */
export function selectFirstResult(): void {
  const { listId } = paletteStore.getState()
  const list = listId ? document.getElementById(listId) : null
  if (!list) return
  list.querySelector('[data-selected]')?.removeAttribute('data-selected')
  const first = list.querySelector('[data-action]')
  if (!first) return
  first.setAttribute('data-selected', 'true')
  paletteStore.updateState((state) => ({ ...state, selected: 0 }))
}
