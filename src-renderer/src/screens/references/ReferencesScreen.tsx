import { useEffect, useState } from 'react'
import { Anchor, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { savedText } from '../../components/text'
import { useNavigation } from '../../app/navigation'
import { useScreenState } from '../../app/screen-state'
import { DataAgeNote, useVia } from '../../components/DataAgeNote'
import { notifyError } from '../../components/notify'
import { ImportPanel } from './ImportPanel'
import { useExportReferences } from './queries'
import { SingleReferenceForm } from './SingleReferenceForm'

type Tab = 'one' | 'file'

/**
 * Listing references: what this channel calls each listing, its page there and its status on
 * the channel. Set for one listing, or for many from a CSV file checked first (a dry run) and
 * applied in batches with an undo file. The service can't read references back, so what
 * StayDesk shows as "current" is what this profile last sent.
 */
export function ReferencesScreen() {
  const nav = useNavigation()
  const routeListing = nav.route.screen === 'references' ? nav.route.listingId : undefined
  const [tab, setTab] = useScreenState<Tab>('references.tab', 'one')
  const exporter = useExportReferences()
  const via = useVia()
  const [exported, setExported] = useState<string | null>(null)

  useEffect(() => {
    if (routeListing !== undefined) setTab('one')
  }, [nav.route, routeListing, setTab])

  const exportCsv = () => {
    setExported(null)
    exporter.mutate(
      {},
      {
        onSuccess: (saved) => setExported(savedText(saved, 'reference')),
        onError: (e) => notifyError('Export references', e)
      }
    )
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>References</Title>
          <Text size="sm" c="dimmed" data-testid="references-source">
            What this channel calls each listing, as StayDesk last sent it from this profile: the
            service has no way to read references back.
          </Text>
          <DataAgeNote resource="listings" />
        </div>
        <Button variant="default" onClick={exportCsv} loading={exporter.isPending}>
          Export current references
        </Button>
      </Group>
      {exported && (
        <Text size="sm" role="status" data-testid="references-exported">
          {exported}
        </Text>
      )}
      <Text size="sm">
        {via === 'hub'
          ? 'Every reference sent goes through the team hub and is recorded with the service’s answer in the team’s journal.'
          : 'Every reference sent is recorded with the service’s answer in the audit journal.'}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => nav.go('journal')}>
          Open the Journal
        </Anchor>
      </Text>

      <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'one')}>
        <Tabs.List aria-label="How to set references">
          <Tabs.Tab value="one">One listing</Tabs.Tab>
          <Tabs.Tab value="file">Import a file</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="one" pt="md">
          <Paper withBorder radius="md" p="md">
            <SingleReferenceForm key={routeListing ?? 'kept'} routeListingId={routeListing} />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="file" pt="md">
          <Paper withBorder radius="md" p="md">
            <ImportPanel />
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
