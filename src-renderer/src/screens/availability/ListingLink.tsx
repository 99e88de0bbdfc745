import { Anchor, Text } from '@mantine/core'
import { listingLabel } from '../../components/listing-label'

/**
 * A listing in the screen's small tables: its name, which opens the listing page, and its id
 * beside it (names repeat across a portfolio; the id tells them apart).
 */
export function ListingLink({
  name,
  listingId,
  onOpen,
  strong,
  idTestId
}: {
  name: string
  listingId: number
  onOpen: (id: number) => void
  strong?: boolean
  idTestId?: string
}) {
  return (
    <>
      <Anchor
        component="button"
        type="button"
        ta="left"
        size="sm"
        fw={strong ? 500 : undefined}
        aria-label={`${listingLabel(name, listingId)}: open the listing page`}
        onClick={() => onOpen(listingId)}
      >
        {name}
      </Anchor>{' '}
      <Text span size="xs" c="dimmed" data-testid={idTestId}>
        {listingId}
      </Text>
    </>
  )
}
