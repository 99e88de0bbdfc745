import { memo, useEffect, useState } from 'react'
import { Badge, Group, Loader, Text } from '@mantine/core'
import { Spotlight } from '@mantine/spotlight'
import { useQuery } from '@tanstack/react-query'
import { useVia } from '../components/DataAgeNote'
import { formatNumber } from '../components/text'
import { bookingIdIn } from '../screens/bookings/booking-model'
import { listingSearchQuery } from '../screens/listings/queries'
import { SCREENS, useNavigationActions } from './navigation'
import { paletteQuery } from './palette-query'
import { paletteStore, selectFirstResult } from './palette-store'

const SHORTCUT_MOD = /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl'

/**
 * The palette lists the first few matches: when the offline copy holds more, a line under them
 * says how many of how many, so the list is not taken for all of them. Null when it is all.
 */
function moreMatchesText(shown: number, total: number): string | null {
  if (total <= shown) return null
  return `The first ${formatNumber(shown)} of ${formatNumber(total)} matching listings: the Listings screen shows all.`
}

/**
 * A screen's words match a query of three letters or more that starts one of them ("guard"),
 * so a listing's name typed in the palette ("Garda") does not put a screen first.
 */
function wordsStartWith(words: string, lower: string): boolean {
  return lower.length >= 3 && words.split(' ').some((w) => w.startsWith(lower))
}

/**
 * Ctrl/Cmd+K: jump to a screen, or find a listing by id ("100026" or "#100026", as the palette
 * itself writes ids), reference, name or city. Listing matches come from the mirror
 * (listings:search), so the palette filters nothing itself. The first result is always
 * selected, so an id followed by Enter opens it.
 */
export const CommandPalette = memo(function CommandPalette({ onAbout }: { onAbout?: () => void }) {
  const nav = useNavigationActions()
  const via = useVia()
  const [query, setQuery] = useState('')
  const q = paletteQuery(query)
  // A booking id ("SB" and digits) opens that booking: the palette's way to any booking.
  const bookingId = bookingIdIn(query)
  const search = useQuery({
    ...listingSearchQuery({ text: q.text, limit: 8 }),
    enabled: q.text.length > 0
  })

  // A screen is found by its name, or by the words of what it holds ("guardrails": Settings).
  const screens = SCREENS.filter(
    (s) =>
      !q.text ||
      s.label.toLowerCase().includes(q.lower) ||
      ('words' in s && wordsStartWith(s.words, q.lower))
  )
  const showAbout = !q.text || 'about staydesk version build data folder'.includes(q.lower)
  const showDowntime =
    !q.text || 'downtime pack arrivals departures print pdf offline'.includes(q.lower)
  const listings = q.text ? (search.data?.items ?? []) : []
  const more = moreMatchesText(listings.length, q.text ? (search.data?.total ?? 0) : 0)
  const showIdJump = q.id !== null && !listings.some((l) => l.id === q.id)
  const resultKey = `${screens.map((s) => s.id).join()}|${listings.map((l) => l.id).join()}|${showIdJump}`

  // Whatever the results are now, the first one is the one Enter opens.
  useEffect(() => {
    if (query.trim()) selectFirstResult()
  }, [resultKey, query])

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      // A palette opened again starts empty, however quickly it is reopened.
      onSpotlightClose={() => setQuery('')}
      shortcut={['mod + K']}
      // Typing in a filter box must not swallow Ctrl+K.
      tagsToIgnore={[]}
      scrollable
      maxHeight={420}
      // The dialog's name for screen readers (the modal labels itself by its title).
      title="Command palette"
      // The selected result's description stays readable on its highlight.
      styles={{
        // With a booking to open, "Nothing found" (about listings and screens) would mislead.
        empty: bookingId ? { display: 'none' } : {},
        actionDescription: { color: 'inherit', opacity: 1 },
        header: { minHeight: 0, padding: '8px 16px 0' },
        title: { fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }
      }}
    >
      <Spotlight.Search
        placeholder="Find a listing by id, reference, name or city, or go to a screen…"
        aria-label="Command palette search"
        leftSection={search.isFetching ? <Loader size="xs" /> : null}
      />
      <Spotlight.ActionsList aria-label="Command palette results">
        {bookingId && (
          <Spotlight.ActionsGroup label="Bookings">
            <Spotlight.Action
              label={`Open booking ${bookingId}`}
              description={`Read this booking ${via === 'hub' ? 'through the team hub' : 'from the service'} and show its details`}
              onClick={() => nav.openBooking(bookingId)}
            />
          </Spotlight.ActionsGroup>
        )}
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
        {showAbout && onAbout && (
          <Spotlight.ActionsGroup label="Help">
            <Spotlight.Action
              label="About StayDesk"
              description="Version, build, data folder and the active profile's service"
              onClick={onAbout}
            />
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
            {showIdJump && q.id !== null && (
              <Spotlight.Action
                label={`Open listing #${q.id}`}
                description="Show this listing's details"
                onClick={() => nav.openListing(q.id!)}
              />
            )}
            {more && (
              // Spotlight draws group labels as CSS content, which is not text: a line of its own.
              <Text size="xs" c="dimmed" px="md" py={4} data-testid="palette-more-matches">
                {more}
              </Text>
            )}
          </Spotlight.ActionsGroup>
        )}
        {showDowntime && (
          <Spotlight.ActionsGroup label="Print">
            <Spotlight.Action
              label="Downtime pack"
              description="Arrivals and departures of today and the next 3 days from the kept bookings, to print or save as PDF"
              onClick={() => nav.go({ screen: 'downtime' })}
            />
          </Spotlight.ActionsGroup>
        )}
        {screens.length === 0 &&
          listings.length === 0 &&
          !showIdJump &&
          !showAbout &&
          !showDowntime && (
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
})
