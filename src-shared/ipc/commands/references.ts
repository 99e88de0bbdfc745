import { z } from 'zod'
import { SavedFile } from '../saved-file.schema'
import {
  ApplyReferencesInput,
  ApplyReferencesResult,
  ImportPreview,
  KeptReference,
  SetReferenceInput,
  SetReferenceOutcome
} from '../references.schema'
import { none, type ContractSlice } from './common'

export const referenceCommands = {
  /** What this profile last set as the listing's reference (the service can't be asked). */
  'references:get': {
    input: z.object({ listingId: z.number().int().positive() }).strict(),
    output: KeptReference.nullable()
  },
  /** Sets one listing's reference, URL and channel status with the single endpoint. */
  'references:set': { input: SetReferenceInput, output: SetReferenceOutcome },
  /** Checks an imported CSV against the portfolio and the kept values: a dry run. */
  'references:preview': {
    input: z
      .object({ csv: z.string().max(5_000_000, 'the file is too large (over 5 MB)') })
      .strict(),
    output: ImportPreview
  },
  /** Sends the rows in batches with the bulk endpoint; per-row results and an undo file. */
  'references:apply': { input: ApplyReferencesInput, output: ApplyReferencesResult },
  /** The kept references as a CSV file the person chooses (the import's format). */
  'references:export': { input: none, output: SavedFile },
  /** An undo file from an apply, saved where the person chooses. */
  'references:save-undo': {
    input: z.object({ csv: z.string().max(5_000_000) }).strict(),
    output: SavedFile
  }
} as const satisfies ContractSlice<'references'>
