import { useState } from 'react'
import {
  AspectRatio,
  Button,
  Center,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton
} from '@mantine/core'
import { useInViewport } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import type { Listing } from '@shared/api/listing.schema'
import { isOutage } from '@shared/errors'
import { formatDateTime } from '../../components/text'
import { describeError } from '../../ipc/errors'
import { imageAlt } from './listing-words'
import { listingImageQuery } from './queries'
import { Section } from './Section'

/** Why an image shows nothing: said in the tile, in words. */
function Missing({ error }: { error: unknown }) {
  const d = error ? describeError(error) : null
  return (
    <Center h="100%" p="xs" bg="var(--mantine-color-default-hover)">
      <Text size="xs" ta="center">
        {d && isOutage(d.code)
          ? 'Can’t be shown now: the service can’t be reached and there is no kept copy.'
          : d
            ? `Can’t be shown: ${d.message}`
            : 'Can’t be shown: there is no kept copy, and the service sent no image.'}
      </Text>
    </Center>
  )
}

/** "From the kept copy of 3 Mar 2026, 14:02" under an image not fetched just now. */
function keptNote(fromCopy: boolean, fetchedAt: number): string | null {
  return fromCopy ? `From the kept copy of ${formatDateTime(fetchedAt)}` : null
}

function ImageTile({
  id,
  index,
  alt,
  caption,
  onOpen
}: {
  id: number
  index: number
  alt: string
  /** The image's labels, shown under it (the alt text says them to a screen reader). */
  caption: string
  onOpen: () => void
}) {
  // Loaded when scrolled into view: a listing with 30 photos asks for those a person sees.
  const { ref, inViewport } = useInViewport()
  const image = useQuery({ ...listingImageQuery(id, index), enabled: inViewport })
  const note = image.data ? keptNote(image.data.fromCopy, image.data.fetchedAt) : null
  return (
    <Stack gap={4} ref={ref} data-testid="listing-image">
      <AspectRatio ratio={4 / 3}>
        {image.data ? (
          <UnstyledButton onClick={onOpen} aria-haspopup="dialog">
            <Image src={image.data.dataUrl} alt={alt} radius="sm" w="100%" h="100%" fit="cover" />
          </UnstyledButton>
        ) : image.data === null || image.isError ? (
          <Missing error={image.error} />
        ) : (
          <Skeleton radius="sm" />
        )}
      </AspectRatio>
      {caption && (
        <Text size="xs" aria-hidden>
          {caption}
        </Text>
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  )
}

/** One photo large, with the previous and next ones a key press away. */
function PhotoViewer({
  id,
  index,
  alts,
  onChange,
  onClose
}: {
  id: number
  index: number
  alts: string[]
  onChange: (index: number) => void
  onClose: () => void
}) {
  const image = useQuery(listingImageQuery(id, index))
  const count = alts.length
  return (
    <Modal opened onClose={onClose} title={alts[index]} size="xl" centered>
      <Stack>
        {image.data ? (
          <Image src={image.data.dataUrl} alt={alts[index]} radius="sm" fit="contain" mah="70vh" />
        ) : image.data === null || image.isError ? (
          <AspectRatio ratio={4 / 3}>
            <Missing error={image.error} />
          </AspectRatio>
        ) : (
          <Skeleton h={360} />
        )}
        <Group justify="space-between">
          <Button variant="default" disabled={index === 0} onClick={() => onChange(index - 1)}>
            Previous photo
          </Button>
          <Text size="sm" c="dimmed">
            {image.data ? keptNote(image.data.fromCopy, image.data.fetchedAt) : null}
          </Text>
          <Button
            variant="default"
            disabled={index >= count - 1}
            onClick={() => onChange(index + 1)}
            data-autofocus
          >
            Next photo
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/**
 * The listing's photos, fetched through main (the window loads nothing from the network) and
 * kept there, so they still show offline; a photo shown from that kept copy says so.
 */
export function ImagesSection({ listing: l }: { listing: Listing }) {
  const images = l.images ?? []
  const [open, setOpen] = useState<number | null>(null)
  const alts = images.map((img, i) => imageAlt(i, images.length, img.labels))
  return (
    <Section title={`Photos (${images.length})`} testId="listing-images">
      {images.length === 0 ? (
        <Text size="sm">The service publishes no photos for this listing.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
          {images.map((img, i) => (
            <ImageTile
              key={i}
              id={l.id}
              index={i}
              alt={alts[i]}
              caption={(img.labels ?? []).join(', ')}
              onOpen={() => setOpen(i)}
            />
          ))}
        </SimpleGrid>
      )}
      {open !== null && (
        <PhotoViewer
          id={l.id}
          index={open}
          alts={alts}
          onChange={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </Section>
  )
}
