import { useCommandMutation } from '../../ipc/mutation'
import { appKey } from '../../ipc/query-keys'

/**
 * The Profiles screen's commands. Each one changes the profile list (an 'app' query); the
 * switch itself is announced by main ('profiles:changed'), which swaps the profile-bound data.
 * Commands that carry a token are secret: nothing of them stays in the query cache.
 */
const profiles = { invalidates: [appKey()] }

export const useCreateProfile = () =>
  useCommandMutation('profiles:create', { ...profiles, secret: true })
export const useUpdateProfile = () => useCommandMutation('profiles:update', profiles)
export const useDeleteProfile = () => useCommandMutation('profiles:delete', profiles)
export const useActivateProfile = () => useCommandMutation('profiles:activate', profiles)
export const useSetToken = () =>
  useCommandMutation('profiles:set-token', { ...profiles, secret: true })
export const useClearToken = () => useCommandMutation('profiles:clear-token', profiles)
export const useTestConnection = () => useCommandMutation('profiles:test-connection')
