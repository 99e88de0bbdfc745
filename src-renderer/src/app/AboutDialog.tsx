import { Button, CopyButton, Group, Modal, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { KindBadge } from '../components/KindBadge'
import { formatDateTime } from '../components/text'
import { appInfoQuery } from './queries'

/**
 * About StayDesk: what support asks for first. The version and the build it came from, the
 * runtime, where this installation keeps its data, and which service the active profile works
 * against. Opened from Help › About, the palette and the version line under the menu.
 */
export function AboutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const info = useQuery({ ...appInfoQuery, enabled: opened })
  const d = info.data
  const build = d?.build.commit
    ? `${d.build.commit}${d.build.builtAt ? `, built ${formatDateTime(Date.parse(d.build.builtAt))}` : ''}`
    : 'Development build (run from the sources)'
  const rows: [string, React.ReactNode][] = d
    ? [
        ['Version', `StayDesk ${d.version}`],
        ['Build', build],
        [
          'Runtime',
          [
            d.runtime.electron ? `Electron ${d.runtime.electron}` : null,
            d.runtime.chrome ? `Chromium ${d.runtime.chrome}` : null,
            `Node ${d.runtime.node}`,
            `${d.runtime.platform} ${d.runtime.arch}`
          ]
            .filter(Boolean)
            .join(' · ')
        ],
        [
          'Data folder',
          <Group key="dir" gap="xs" wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {d.dataDir}
            </Text>
            <CopyButton value={d.dataDir}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  size="compact-xs"
                  onClick={copy}
                  aria-label={copied ? 'Data folder path copied' : 'Copy the data folder path'}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ],
        [
          'Active profile',
          <Group key="profile" gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {d.profile.name}
            </Text>
            <KindBadge kind={d.profile.kind} size="sm" />
          </Group>
        ],
        [
          'Service address',
          <Text key="url" size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {d.profile.baseUrl}
          </Text>
        ],
        ['Sales channel', d.profile.salesChannel]
      ]
    : []
  return (
    <Modal opened={opened} onClose={onClose} title="About StayDesk" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Back office for holiday-rental property managers and their support staff, a client of the
          Holiday Rentals Distribution Service.
        </Text>
        {/* Fixed layout: a long profile name or address wraps in its cell instead of making the
            table wider than the dialog (a 60-letter name pushed every row past its edge). */}
        <Table
          aria-label="About this installation"
          variant="vertical"
          layout="fixed"
          withTableBorder
        >
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={160}>{label}</Table.Th>
                <Table.Td data-field={label}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {info.isError && (
          <Text size="sm" c="red">
            The details could not be read: {info.error.message}
          </Text>
        )}
      </Stack>
    </Modal>
  )
}
