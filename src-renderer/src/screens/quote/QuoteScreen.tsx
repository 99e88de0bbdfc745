import { useEffect, useRef, useState } from 'react'
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import { utcDateOf } from '@shared/domain/dates'
import { useNavigation, type QuotePrefill } from '../../app/navigation'
import { useScreenState } from '../../app/screen-state'
import { DataAgeNote, useVia } from '../../components/DataAgeNote'
import { sourceName } from '../../components/data-source'
import { ErrorAlert } from '../../components/ErrorAlert'
import { notifyError } from '../../components/notify'
import { RoleRefusalNote, useRoleGate } from '../../components/RoleGate'
import { useNow } from '../../components/use-now'
import { errorCode, IpcError } from '../../ipc/client'
import { describeError } from '../../ipc/errors'
import { BookingForm, type BookingTarget } from './BookingForm'
import { isServiceTrouble, refreshedText } from './breakdown'
import { DifferencesAlert } from './DifferencesAlert'
import { EstimateColumn } from './EstimateColumn'
import { LiveColumn } from './LiveColumn'
import { quoteQuery, useRefreshListing } from './queries'
import { StayFields } from './StayFields'
import {
  applyPrefill,
  EMPTY_STAY,
  prefillIsComplete,
  stayErrors,
  stayText,
  toQuoteInput,
  type QuoteRequestInput,
  type StayValues
} from './stay-form'

const same = (a: QuoteRequestInput, b: QuoteRequestInput) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The support agent's quote calculator: a stay, the service's live quote beside the estimate
 * from the offline copy (with a warning when they differ, and a refresh of that listing), and
 * "Book this". The stay typed here outlives leaving the screen (per profile).
 */
export function QuoteScreen() {
  const nav = useNavigation()
  const [saved, setSaved] = useScreenState<StayValues>('quote.stay', EMPTY_STAY)
  const [asked, setAsked] = useScreenState<QuoteRequestInput | null>('quote.asked', null)
  const [booking, setBooking] = useState<BookingTarget | null>(null)
  const today = utcDateOf(useNow(60_000))
  const form = useForm<StayValues>({
    mode: 'controlled',
    initialValues: saved,
    validate: (values) => stayErrors(values, today),
    onValuesChange: (values) => setSaved(values)
  })
  // A team profile whose role may not ask quotes (a viewer) sees why beside Get quote; a stay
  // handed over by another screen is not asked either (the hub would refuse it).
  const askGate = useRoleGate('quotes:ask')
  const via = useVia()
  const quote = useQuery({
    ...quoteQuery(asked ?? ({} as QuoteRequestInput)),
    enabled: !!asked && askGate.refusal === null
  })
  const refresh = useRefreshListing()

  // Another screen's "quote this": its stay replaces the form's, and a complete one is asked.
  const applied = useRef<QuotePrefill | undefined>(undefined)
  const prefill = nav.route.screen === 'quote' ? nav.route.prefill : undefined
  useEffect(() => {
    if (!prefill || applied.current === prefill) return
    applied.current = prefill
    const next = applyPrefill(form.getValues(), prefill)
    form.setValues(next)
    form.clearErrors()
    if (prefillIsComplete(prefill) && Object.keys(stayErrors(next, today)).length === 0) {
      setAsked(toQuoteInput(next))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per hand-over
  }, [prefill])

  // Main refused a value: it goes on its field, as the form's own checks do.
  const error = quote.error
  useEffect(() => {
    if (error instanceof IpcError && error.code === 'bad-input' && error.field) {
      form.setFieldError(error.field, error.message)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new error only
  }, [error])

  const submit = form.onSubmit(
    (values) => {
      if (askGate.refusal !== null) return
      const input = toQuoteInput(values)
      refresh.reset()
      if (asked && same(asked, input)) void quote.refetch()
      else setAsked(input)
    },
    // A stay the form refuses is not the one on screen: the last answer goes rather than stand
    // under a form that now says something else.
    () => setAsked(null)
  )

  const answer = quote.data
  const refreshButton = asked && (
    <Group gap="sm">
      <Button
        variant="default"
        size="xs"
        loading={refresh.isPending}
        onClick={() =>
          refresh.mutate(
            { id: asked.listingId },
            { onError: (e) => notifyError('Refresh listing', e) }
          )
        }
      >
        Refresh listing from {sourceName(via)}
      </Button>
      {refresh.data && (
        <Text size="sm" role="status" data-testid="refresh-result">
          {refreshedText(refresh.data)}
        </Text>
      )}
    </Group>
  )
  const fieldError = error instanceof IpcError && error.code === 'bad-input' && !!error.field
  const bookThis = () => {
    if (!asked || !answer || answer.live.state !== 'priced' || quote.isError) return
    setBooking({
      stay: {
        listingId: asked.listingId,
        from: asked.from,
        to: asked.to,
        adults: Number(asked.adults),
        childrenAges: (asked.childrenAges ?? []).map(Number),
        customerCountry: asked.customerCountry,
        customerLanguage: asked.customerLanguage
      },
      listingName: answer.listing?.name ?? `Listing ${asked.listingId}`,
      maxGuest: answer.listing?.maxGuest ?? null,
      totalCents: answer.live.quote.totalCents
    })
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Quote</Title>
        <Text size="sm" c="dimmed">
          The service’s live price for a stay, beside the estimate from the offline copy.
        </Text>
        <DataAgeNote resource="rates" />
      </div>

      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate aria-label="Stay to quote">
          <Stack gap="sm">
            <StayFields form={form} maxGuest={answer?.listing?.maxGuest} />
            <Group>
              <Button type="submit" loading={quote.isFetching} {...askGate.control}>
                Get quote
              </Button>
              <RoleRefusalNote gate={askGate} />
            </Group>
          </Stack>
        </form>
      </Paper>

      {quote.isError &&
        !fieldError &&
        (isServiceTrouble(errorCode(error)) ? (
          <Alert color="yellow" variant="light" role="status" data-testid="quote-unavailable">
            <Text size="sm">Live quote not available: {describeError(error).message}</Text>
            <Button mt="xs" size="xs" variant="default" onClick={() => void quote.refetch()}>
              Ask again
            </Button>
          </Alert>
        ) : (
          <ErrorAlert
            title="The quote could not be made"
            error={error}
            onRetry={() => void quote.refetch()}
          />
        ))}

      {asked && quote.isPending && quote.fetchStatus !== 'idle' && !quote.isError && (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label="Asking the service">
          <Skeleton height={320} radius="md" />
          <Skeleton height={320} radius="md" />
        </SimpleGrid>
      )}

      {answer && (
        <Stack gap="md" data-testid="quote-answer">
          {asked && (
            <Title order={2} size="h4" data-testid="quoted-stay">
              {answer.listing
                ? `${answer.listing.name} (${answer.listing.id})`
                : `Listing ${asked.listingId}`}
              <Text span c="dimmed" fw={400} size="sm" display="block">
                {stayText(asked)}
              </Text>
            </Title>
          )}
          <DifferencesAlert differences={answer.differences} refresh={refreshButton} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <LiveColumn
              answer={answer}
              via={via}
              onBook={bookThis}
              refreshing={quote.isFetching}
              // Asked again and failed: the answer on screen is the earlier one, and says so.
              failedAt={quote.isError ? quote.errorUpdatedAt : null}
            />
            <EstimateColumn
              answer={answer}
              refresh={answer.differences.length === 0 ? refreshButton : undefined}
            />
          </SimpleGrid>
        </Stack>
      )}

      {!asked && (
        <Text size="sm" c="dimmed">
          Choose a listing, the dates and the guests, then Get quote (or press Enter).
        </Text>
      )}

      <BookingForm
        target={booking}
        onClose={() => setBooking(null)}
        onOpenBooking={(id) => {
          setBooking(null)
          nav.openBooking(id)
        }}
      />
    </Stack>
  )
}
