import { useState } from 'react'
import { Badge, Group, Loader, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { Spotlight } from '@mantine/spotlight'
import { useListingSearch } from '../ipc/hooks'
import { SCREENS, useNavigation } from './navigation'

const SHORTCUT_MOD = /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl'

/**
 * Ctrl/Cmd+K: jump to a screen, or find a listing by id, reference, name or city. Listing
 * matches come from the mirror (listings:search), so the palette filters nothing itself.
 */
export function CommandPalette() {
  const nav = useNavigation()
  const [query, setQuery] = useState('')
  const [debounced] = useDebouncedValue(query.trim(), 200)
  const search = useListingSearch({ text: debounced, limit: 8 }, debounced.length > 0)
  const q = query.trim().toLowerCase()

  const screens = SCREENS.filter((s) => !q || s.label.toLowerCase().includes(q))
  const listings = debounced ? (search.data?.items ?? []) : []
  const exactId = /^\d{1,9}$/.test(q) ? Number(q) : null
  const showIdJump = exactId !== null && !listings.some((l) => l.id === exactId)

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      // Typing in a filter box must not swallow Ctrl+K.
      tagsToIgnore={[]}
      scrollable
      maxHeight={420}
    >
      <Spotlight.Search
        placeholder="Find a listing by id, reference, name or city, or go to a screen…"
        aria-label="Command palette search"
        leftSection={search.isFetching ? <Loader size="xs" /> : null}
      />
      <Spotlight.ActionsList aria-label="Command palette results">
        {screens.length > 0 && (
          <Spotlight.ActionsGroup label="Go to">
            {screens.map((s) => (
              <Spotlight.Action
                key={s.id}
                label={s.label}
                description={`Open the ${s.label} screen`}
                rightSection={<Text size="xs">{`${SHORTCUT_MOD}+${s.shortcut}`}</Text>}
                onClick={() => nav.go(s.id)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {(listings.length > 0 || showIdJump) && (
          <Spotlight.ActionsGroup label="Listings">
            {listings.map((l) => (
              <Spotlight.Action
                key={l.id}
                label={l.name}
                description={[
                  `#${l.id}`,
                  l.referenceNumber,
                  [l.city, l.country].filter(Boolean).join(', ')
                ]
                  .filter(Boolean)
                  .join(' · ')}
                rightSection={
                  l.active === false ? (
                    <Badge size="xs" color="gray">
                      Inactive
                    </Badge>
                  ) : null
                }
                onClick={() => nav.openListing(l.id)}
              />
            ))}
            {showIdJump && exactId !== null && (
              <Spotlight.Action
                label={`Open listing #${exactId}`}
                description="Show this listing's details"
                onClick={() => nav.openListing(exactId)}
              />
            )}
          </Spotlight.ActionsGroup>
        )}
        {screens.length === 0 && listings.length === 0 && !showIdJump && (
          <Spotlight.Empty>
            {search.isFetching ? (
              <Group justify="center">
                <Loader size="sm" /> Searching…
              </Group>
            ) : search.isError ? (
              'The offline copy could not be searched. Try again.'
            ) : (
              'Nothing found. Try another word, or run a sync if the portfolio is empty.'
            )}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  )
}
