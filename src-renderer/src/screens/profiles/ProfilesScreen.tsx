import { useState } from 'react'
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ProfileView } from '@shared/profile.schema'
import { ErrorAlert } from '../../components/ErrorAlert'
import { useQuery } from '@tanstack/react-query'
import { profilesQuery } from '../../app/queries'
import { ProfileCard } from './ProfileCard'
import { ProfileFormModal } from './ProfileFormModal'
import { TokenModal } from './TokenModal'

export function ProfilesScreen() {
  const profiles = useQuery(profilesQuery)
  const [form, setForm] = useState<{ opened: boolean; editing: ProfileView | null }>({
    opened: false,
    editing: null
  })
  const [tokenFor, setTokenFor] = useState<string | null>(null)
  // Look the profile up on every render so the token modal shows the status main just returned.
  const tokenProfile = profiles.data?.profiles.find((p) => p.id === tokenFor) ?? null

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Profiles</Title>
          <Text c="dimmed" size="sm">
            A profile is one service account: its address, sales channel and token, or a team hub’s
            address that reaches the team’s account for you. Each has its own offline copy;
            switching swaps the whole app.
          </Text>
        </div>
        <Button onClick={() => setForm({ opened: true, editing: null })} data-testid="profile-new">
          New profile
        </Button>
      </Group>

      {profiles.isPending ? (
        <Stack>
          <Skeleton height={140} />
          <Skeleton height={140} />
        </Stack>
      ) : profiles.isError ? (
        <ErrorAlert
          title="The profiles could not be read"
          error={profiles.error}
          onRetry={() => void profiles.refetch()}
        />
      ) : (
        <Stack gap="sm" data-testid="profile-list">
          {profiles.data.profiles.map((p) => (
            <ProfileCard
              key={p.id}
              profile={p}
              onEdit={() => setForm({ opened: true, editing: p })}
              onToken={() => setTokenFor(p.id)}
            />
          ))}
        </Stack>
      )}

      <ProfileFormModal
        opened={form.opened}
        editing={form.editing}
        onClose={() => setForm({ opened: false, editing: null })}
      />
      <TokenModal profile={tokenProfile} onClose={() => setTokenFor(null)} />
    </Stack>
  )
}
