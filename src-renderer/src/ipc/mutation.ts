import { useState } from 'react'
import {
  useMutation,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
  type QueryKey,
  type UseMutationResult
} from '@tanstack/react-query'
import type { CommandName } from '@shared/ipc/channels'
import type { CommandInput, CommandOutput } from '@shared/ipc/contract'
import { call } from './client'

export interface CommandMutationOptions {
  /** Query families to re-read once the command settled (success or failure). */
  invalidates?: readonly QueryKey[]
  /**
   * The input carries a secret (a token, a card): the mutation is dropped from the cache as
   * soon as it settles, so its variables are kept nowhere, and only the outcome stays.
   */
  secret?: boolean
}

/** The options behind useCommandMutation, apart so a test can run them on a plain QueryClient. */
export function commandMutationOptions<C extends CommandName>(
  qc: QueryClient,
  command: C,
  opts: CommandMutationOptions = {}
): MutationOptions<CommandOutput<C>, Error, CommandInput<C>> {
  return {
    mutationKey: ['command', command],
    mutationFn: (input) => call(command, input),
    ...(opts.secret ? { gcTime: 0 } : {}),
    onSettled: () =>
      Promise.all((opts.invalidates ?? []).map((queryKey) => qc.invalidateQueries({ queryKey })))
  }
}

/**
 * One mutation hook for every command: `useCommandMutation('profiles:delete', {invalidates})`.
 * For a secret command the observer is reset right after it settles (the Mutation, holding the
 * variables, then leaves the cache at once, gcTime 0); its outcome stays readable as `outcome`.
 */
export type CommandMutation<C extends CommandName> = UseMutationResult<
  CommandOutput<C>,
  Error,
  CommandInput<C>
> & {
  /** A secret command's last outcome (its data or error), once the mutation itself is gone. */
  outcome: { data?: CommandOutput<C>; error?: Error } | undefined
}

export function useCommandMutation<C extends CommandName>(
  command: C,
  opts: CommandMutationOptions = {}
): CommandMutation<C> {
  const qc = useQueryClient()
  const mutation = useMutation(commandMutationOptions(qc, command, opts))
  const [outcome, setOutcome] = useState<{ data?: CommandOutput<C>; error?: Error } | undefined>()
  if (!opts.secret) return { ...mutation, outcome: undefined }
  type Mutate = typeof mutation.mutate
  const mutate = ((input: CommandInput<C>, callbacks?: Parameters<Mutate>[1]) => {
    setOutcome(undefined)
    mutation.mutate(input, {
      ...callbacks,
      onSettled: (data, error, variables, result, context) => {
        callbacks?.onSettled?.(data, error, variables, result, context)
        setOutcome(error ? { error } : { data })
        mutation.reset()
      }
    })
  }) as Mutate
  return { ...mutation, mutate, outcome }
}
