import { z } from 'zod'

/** The answer of every command that saves a file (an export, a voucher, an undo file). */

/** A file StayDesk saved where the person chose; null when they cancelled the save dialog. */
export const SavedFile = z.object({
  file: z.string().nullable(),
  rows: z.number().int().optional()
})
export type SavedFile = z.infer<typeof SavedFile>
