import type { ReactNode } from 'react'
import { Paper, ScrollArea, Stack, Table, Title } from '@mantine/core'
import type { QuoteAnswer, QuoteView } from '@shared/ipc/quotes.schema'
import { copyAgeTone } from '../../components/data-age'
import { withAgeFlags } from '../../components/data-source'
import { DataAgeText, useServiceOffline, useVia } from '../../components/DataAgeNote'
import { formatCents, formatDay } from '../../components/text'
import { useNow } from '../../components/use-now'
import { offlineAgeText, offlineDiscountNote } from './breakdown'
import { QuoteBreakdown, SideNotice } from './QuoteBreakdown'

function Nightly({ nights }: { nights: NonNullable<QuoteView['nightly']> }) {
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        Each night’s rate
      </Title>
      <ScrollArea.Autosize mah={240} type="auto">
        <Table verticalSpacing={2} aria-label="Offline estimate: each night’s rate">
          <Table.Tbody>
            {nights.map((n) => (
              <Table.Tr key={n.date} data-night={n.date}>
                <Table.Th scope="row" fw={400}>
                  {formatDay(n.date)}
                </Table.Th>
                <Table.Td ta="right" data-cents={n.cents}>
                  {formatCents(n.cents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  )
}

/**
 * The estimate from the offline copy beside the live quote, with each night's rate and the
 * age of the copy it was made from, flagged in words and colour as every data-age line is (older
 * than a day, the service out of reach). `refresh` is the button that updates this listing's copy.
 */
export function EstimateColumn({ answer, refresh }: { answer: QuoteAnswer; refresh?: ReactNode }) {
  const now = useNow()
  const unreachable = useServiceOffline()
  const via = useVia()
  const asOf = answer.offlineAsOf
  const offline = answer.offline
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="estimate-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="estimate-title">
            Offline estimate
          </Title>
          <DataAgeText tone={copyAgeTone(asOf, unreachable, now)} testId="offline-as-of">
            {withAgeFlags(offlineAgeText(asOf, now), asOf, unreachable, now, 'brief', via)}
          </DataAgeText>
        </div>
        {refresh}
        {offline.state === 'priced' ? (
          <>
            <QuoteBreakdown
              view={offline.quote}
              label="Offline estimate"
              discountNote={offlineDiscountNote(offline.quote)}
            />
            {offline.quote.nightly && offline.quote.nightly.length > 0 && (
              <Nightly nights={offline.quote.nightly} />
            )}
          </>
        ) : (
          <SideNotice side={offline} which="offline" />
        )}
      </Stack>
    </Paper>
  )
}
