import { z } from 'zod'
import type { CommandDomain, CommandOf } from '../channels'

/** One command: the schema its input is checked with in main, and the schema of its output. */
export interface CommandSpec {
  input: z.ZodType
  output: z.ZodType
}

/** A domain's slice of the contract: exactly its commands, each with its schemas. */
export type ContractSlice<D extends CommandDomain> = Record<CommandOf<D>, CommandSpec>

/** Input of a command that takes none. */
export const none = z.object({}).strict()

/** Input naming one profile. */
export const profileId = z.object({ id: z.string().min(1).max(100) }).strict()
