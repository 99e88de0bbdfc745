import { Title } from '@mantine/core'

/** Being built (issue 9). */
export function VoucherScreen({ bookingId }: { bookingId: string }) {
  return <Title order={1}>Voucher {bookingId}</Title>
}
