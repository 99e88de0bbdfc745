import { useEffect } from 'react'
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { useNavigation } from '../../app/navigation'
import { RoleRefusalNote, useRoleGate } from '../../components/RoleGate'
import { BookingStatusBadge, PaymentStatusBadge } from '../../components/StatusBadge'
import { guestName } from './booking-words'
import { CancellationSection, WritesSection } from './BookingWrites'
import { CancelDialog } from './CancelDialog'
import { GuestSection, InstructionsSection, PropertySection, StaySection } from './DetailsSections'
import { PayDialog } from './PayDialog'
import { PriceAtBookingSection } from './PriceAtBookingSection'
import { InstalmentsSection, PaymentSection, PolicySection } from './PaymentSections'
import { ProblemAlert } from './ProblemAlert'
import { OpenWrites } from './OpenWrites'
import { bookingQuery, bookingWritesQuery, type BookingLookup } from './queries'
import { SourceNote } from './SourceNote'
import { isOpenWrite } from './write-state'
import classes from './BookingView.module.css'

function lookupText(lookup: BookingLookup): string {
  return 'id' in lookup
    ? `booking ${lookup.id}`
    : `the booking with own reference ${lookup.reference}`
}

function Details({
  kept,
  refreshing,
  onRefresh,
  onBack
}: {
  kept: KeptBooking
  refreshing: boolean
  onRefresh: () => void
  onBack: () => void
}) {
  const nav = useNavigation()
  const [cancelOpen, cancelDialog] = useDisclosure(false)
  const [payOpen, payDialog] = useDisclosure(false)
  const b = kept.booking
  const name = guestName(b.guest)
  // The journal's writes on this booking: those still open are shown, and asked about.
  const writesRead = useQuery(bookingWritesQuery(b.id, kept.summary.ownReference))
  const writes = writesRead.data ?? []
  // A journal that can't be read (the team hub down) is not a journal without writes.
  const unread = writesRead.isError ? writesRead.error : null
  const openCancels = writes.filter((e) => e.action === 'cancel' && isOpenWrite(e))
  // On a team profile, what the hub role may not do is greyed out, with the reason in words
  // beside it and as the button's accessible description.
  const cancelGate = useRoleGate('bookings:cancel')
  const payGate = useRoleGate('bookings:pay')
  const payable = b.status === 'pendingPayment'
  const gated = cancelGate.refusal !== null || (payable && payGate.refusal !== null)
  return (
    <Stack
      gap="md"
      className={classes.page}
      data-testid="booking-details"
      data-booking-id={b.id}
      data-status={b.status}
    >
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} className={classes.head}>
            <Title order={2}>Booking {b.id}</Title>
            <Group gap={6}>
              <BookingStatusBadge status={b.status} />
              <PaymentStatusBadge status={b.paymentStatus} />
              {name && (
                <Text size="sm" span>
                  {name}
                </Text>
              )}
            </Group>
            <SourceNote kept={kept} />
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={onBack}>
              Back to the list
            </Button>
            <Button variant="default" onClick={onRefresh} loading={refreshing}>
              Read again
            </Button>
            <Button
              variant="default"
              onClick={() => nav.go({ screen: 'voucher', bookingId: b.id })}
            >
              Voucher
            </Button>
            {payable && (
              <Button onClick={payDialog.open} {...payGate.control}>
                Pay with a new card
              </Button>
            )}
            <Button color="red" variant="light" onClick={cancelDialog.open} {...cancelGate.control}>
              Cancel booking
            </Button>
          </Group>
          {gated && (
            <Stack gap={2} w="100%">
              {payable && <RoleRefusalNote gate={payGate} />}
              <RoleRefusalNote gate={cancelGate} />
            </Stack>
          )}
        </Group>
      </Paper>
      <OpenWrites writes={writes} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <GuestSection kept={kept} />
        <StaySection kept={kept} onOpenListing={nav.openListing} />
        <PropertySection kept={kept} />
        <InstructionsSection kept={kept} />
        <PaymentSection kept={kept} />
        <PolicySection kept={kept} />
      </SimpleGrid>
      <InstalmentsSection kept={kept} />
      <PriceAtBookingSection bookingId={b.id} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <CancellationSection kept={kept} writes={writes} unread={unread} />
        <WritesSection writes={writes} unread={unread} />
      </SimpleGrid>
      <CancelDialog
        bookingId={b.id}
        opened={cancelOpen}
        onClose={cancelDialog.close}
        openCancels={openCancels}
      />
      <PayDialog kept={kept} opened={payOpen} onClose={payDialog.close} />
    </Stack>
  )
}

/**
 * One booking in full, read live from the service (or, when it can't be asked, the copy kept
 * from the last read, said as such). Found by own reference, it moves to its id's route once
 * known, so "Read again", the voucher and the palette all name it by id.
 */
export function BookingView({
  lookup,
  onBack,
  onResolved
}: {
  lookup: BookingLookup
  onBack: () => void
  onResolved: (kept: KeptBooking) => void
}) {
  const booking = useQuery(bookingQuery(lookup))
  const byReference = 'reference' in lookup
  useEffect(() => {
    if (byReference && booking.data) onResolved(booking.data)
  }, [byReference, booking.data, onResolved])

  if (booking.isError) {
    return (
      <Stack gap="sm">
        <ProblemAlert
          context={`Opening ${lookupText(lookup)}`}
          error={booking.error}
          onRetry={() => void booking.refetch()}
        />
        <Group>
          <Button variant="default" onClick={onBack}>
            Back to the list
          </Button>
        </Group>
      </Stack>
    )
  }
  if (!booking.data) {
    return (
      <Stack gap="sm" aria-busy data-testid="booking-loading">
        <Text size="sm" role="status">
          Reading {lookupText(lookup)} from the service…
        </Text>
        <Skeleton height={90} radius="md" />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Skeleton height={220} radius="md" />
          <Skeleton height={220} radius="md" />
        </SimpleGrid>
      </Stack>
    )
  }
  return (
    <Details
      kept={booking.data}
      refreshing={booking.isFetching}
      onRefresh={() => void booking.refetch()}
      onBack={onBack}
    />
  )
}
