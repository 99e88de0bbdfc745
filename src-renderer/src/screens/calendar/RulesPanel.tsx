import { memo } from 'react'
import { List, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ErrorAlert } from '../../components/ErrorAlert'
import { formatDate } from '../../components/text'
import { rulesQuery } from './queries'
import { ruleLines } from './rules-words'

/** The rules that shape the listing's prices, in words, beside its calendar. */
export const RulesPanel = memo(function RulesPanel({ listingId }: { listingId: number }) {
  const rules = useQuery(rulesQuery(listingId))
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rules-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="rules-title">
          Pricing rules
        </Title>
        {rules.isError ? (
          <ErrorAlert
            title="The pricing rules could not be read"
            error={rules.error}
            onRetry={() => void rules.refetch()}
          />
        ) : rules.isPending ? (
          <Skeleton height={160} />
        ) : !rules.data ? (
          <Text size="sm" c="dimmed">
            The offline copy holds no such listing: sync, then choose it again.
          </Text>
        ) : (
          <Table verticalSpacing={3} aria-label="Pricing rules" data-testid="pricing-rules">
            <Table.Tbody>
              {ruleLines(rules.data, formatDate).map((l) => (
                <Table.Tr key={l.key} data-rule={l.key}>
                  <Table.Th scope="row" w={130} style={{ verticalAlign: 'top' }}>
                    {l.label}
                  </Table.Th>
                  <Table.Td>
                    {l.items && l.items.length > 1 ? (
                      <List size="sm" spacing={2}>
                        {l.items.map((item, i) => (
                          <List.Item key={i}>{item}</List.Item>
                        ))}
                      </List>
                    ) : (
                      l.text
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  )
})
