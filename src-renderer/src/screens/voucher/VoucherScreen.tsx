import { Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigation } from '../../app/navigation'
import { notifyError, notifySuccess } from '../../components/notify'
import { useNow } from '../../components/use-now'
import { ProblemAlert } from '../bookings/ProblemAlert'
import { bookingQuery, useSaveVoucher } from '../bookings/queries'
import { keptSourceText } from '../../components/data-source'
import { useVia } from '../../components/DataAgeNote'
import classes from './Voucher.module.css'
import { VoucherView } from './VoucherView'

/**
 * A booking's voucher, alone in the window: what prints is what shows. "Save as PDF" asks main
 * to print this window while the voucher is on it (the toolbar hides itself from print) and to
 * save the file where the person chooses.
 */
export function VoucherScreen({ bookingId }: { bookingId: string }) {
  const nav = useNavigation()
  const booking = useQuery(bookingQuery({ id: bookingId }))
  const save = useSaveVoucher()
  const now = useNow(15_000)
  const via = useVia()

  const saveAsPdf = () =>
    save.mutate(
      { id: bookingId },
      {
        onSuccess: ({ file }) => {
          if (file) notifySuccess('Voucher saved', file)
        },
        onError: (err) => notifyError('Save the voucher', err)
      }
    )

  return (
    <div className={classes.page}>
      <Group component="header" className={classes.toolbar} justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={() => nav.openBooking(bookingId)}>
            Back
          </Button>
          <Button onClick={saveAsPdf} loading={save.isPending} disabled={!booking.data}>
            Save as PDF
          </Button>
        </Group>
        {booking.data && (
          <Text size="sm" data-testid="voucher-source">
            {keptSourceText(booking.data, now, via)}
          </Text>
        )}
      </Group>
      <main aria-label={`Voucher for booking ${bookingId}`}>
        {booking.isError ? (
          <Stack maw={820} mx="auto">
            <ProblemAlert
              context={`Reading booking ${bookingId}`}
              error={booking.error}
              onRetry={() => void booking.refetch()}
            />
          </Stack>
        ) : booking.data ? (
          <VoucherView kept={booking.data} />
        ) : (
          <Stack maw={820} mx="auto" role="status" aria-label={`Reading booking ${bookingId}`}>
            <Skeleton height={40} />
            <Skeleton height={300} />
          </Stack>
        )}
      </main>
    </div>
  )
}
