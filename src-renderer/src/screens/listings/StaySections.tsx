import { List, Stack, Table, Text, Title } from '@mantine/core'
import type { Fee, Listing } from '@shared/api/listing.schema'
import { eurToCents } from '@shared/domain/money'
import { formatPercent, ruleText } from '../../components/season-words'
import { cleaningText, daysNoticeText, stayLengthText, timeText } from './listing-words'
import { feeText, weekdaysText } from '../../components/rule-words'
import { Fields, Section } from './Section'
import { formatCents } from '../../components/text'

/** When guests may arrive and leave, for how long, how far ahead, and the house rules. */
export function StayRulesSection({ listing: l }: { listing: Listing }) {
  const r = l.basicRates
  return (
    <Section title="Stay rules" testId="listing-stay-rules">
      <Fields
        labelWidth={150}
        fields={[
          { label: 'Check-in days', value: weekdaysText(r?.checkInDays) },
          { label: 'Check-in time', value: timeText(l.instructions?.checkIn) },
          { label: 'Check-out days', value: weekdaysText(r?.checkOutDays) },
          { label: 'Check-out time', value: timeText(l.instructions?.checkOut) },
          { label: 'Minimum stay', value: stayLengthText(r?.minimumStay, '1 night') },
          { label: 'Maximum stay', value: stayLengthText(r?.maximumStay, 'No limit') },
          { label: 'Advance notice', value: daysNoticeText(l.advanceNotice) }
        ]}
      />
      <div>
        <Title order={3} size="h5">
          House rules
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="house-rules">
          {l.houseRules?.trim() || 'The service publishes no house rules for this listing.'}
        </Text>
      </div>
    </Section>
  )
}

/** "name: value", or the value alone when it is a sentence that already says the name. */
function policyLine(t: { name?: string; value?: string }): string {
  if (t.name && t.value?.toLowerCase().includes(t.name.toLowerCase())) return t.value
  return [t.name, t.value].filter(Boolean).join(': ')
}

export function CancellationSection({ listing: l }: { listing: Listing }) {
  const p = l.cancellationPolicy
  return (
    <Section title="Cancellation policy" testId="listing-cancellation">
      {p ? (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {p.name ?? 'Unnamed policy'}
          </Text>
          {(p.textList ?? []).length ? (
            <List size="sm" spacing={2}>
              {(p.textList ?? []).map((t, i) => (
                <List.Item key={i}>{policyLine(t)}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">The policy has no texts.</Text>
          )}
        </Stack>
      ) : (
        <Text size="sm">The service publishes no cancellation policy for this listing.</Text>
      )}
    </Section>
  )
}

function FeeTable({ caption, fees, testId }: { caption: string; fees: Fee[]; testId: string }) {
  return (
    <Table verticalSpacing={4} horizontalSpacing="xs" data-testid={testId} captionSide="top">
      <Table.Caption ta="left" fw={600} c="var(--mantine-color-text)">
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fee</Table.Th>
          <Table.Th>Charged</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fees.map((f, i) => (
          <Table.Tr key={i}>
            <Table.Td>{f.name}</Table.Td>
            <Table.Td>{feeText(f)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function eur(n: number | undefined): string | null {
  return n === undefined ? null : formatCents(eurToCents(n))
}

/**
 * What a stay costs besides the nights: cleaning, extras, taxes and local tax (paid at check-in,
 * never in the total), the security deposit, and the listing's published nightly prices and
 * discount rules. A fee whose basis is "% of Rental Amount" is a percentage, others euros.
 */
export function PricesSection({ listing: l }: { listing: Listing }) {
  const r = l.basicRates
  const s = l.specialRates
  const taxes = [...(l.taxes ?? []), ...(l.localTax ? [l.localTax] : [])]
  return (
    <Section
      title="Prices and fees"
      testId="listing-fees"
      aside="As the listing publishes them; a quote prices each night from the rate calendar."
    >
      <Fields
        labelWidth={150}
        fields={[
          { label: 'Nightly rate', value: eur(r?.basicNight) },
          { label: 'Weekend night', value: eur(r?.weekendNight) },
          { label: 'Cleaning', value: cleaningText(l.cleaning), testId: 'field-cleaning' },
          {
            label: 'Security deposit',
            value: l.securityDeposit ? `${eur(l.securityDeposit)}, refundable` : 'None'
          },
          {
            label: 'Early bird',
            value: s?.earlyBirdRule?.discount
              ? `${formatPercent(s.earlyBirdRule.discount)} off when booked more than ${s.earlyBirdRule.checkIn ?? 0} days ahead`
              : 'None'
          },
          {
            label: 'Last minute',
            value: s?.lastMinuteRule?.discount
              ? `${formatPercent(s.lastMinuteRule.discount)} off when booked less than ${s.lastMinuteRule.checkIn ?? 0} days ahead`
              : 'None'
          },
          {
            label: 'Seasons',
            testId: 'field-seasons',
            value: s?.ratesSameAllYearRound ? (
              'Same rates all year round'
            ) : (s?.seasonPriceRules ?? []).length ? (
              <List size="sm" spacing={2}>
                {(s?.seasonPriceRules ?? []).map((rule, i) => (
                  <List.Item key={i}>{ruleText(rule)}</List.Item>
                ))}
              </List>
            ) : null
          }
        ]}
      />
      {(l.extras ?? []).length > 0 ? (
        <FeeTable caption="Extras" fees={l.extras ?? []} testId="listing-extras" />
      ) : (
        <Text size="sm">No extras published.</Text>
      )}
      {taxes.length > 0 ? (
        <>
          <FeeTable caption="Taxes, paid at check-in" fees={taxes} testId="listing-taxes" />
          <Text size="xs" c="dimmed">
            Taxes and the local tax are paid at check-in, so a quote never adds them to the total.
          </Text>
        </>
      ) : (
        <Text size="sm">No taxes published.</Text>
      )}
    </Section>
  )
}
