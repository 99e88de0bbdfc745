import { ZodError } from 'zod'
import { APP_ERROR_CODES, type AppErrorCode, type AppErrorPayload } from '@shared/errors'
import { TokenFormatError } from '../auth/token-store'
import { MirrorMigrationError, MirrorTooNewError } from '../db'
import { AppError } from '../ipc/app-error'
import { ProfileStoreError } from '../profiles/profile-store'
import { describeSyncError } from '../sync/engine'

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  kind: 'Kind',
  baseUrl: 'Base URL',
  salesChannel: 'Sales channel',
  salesBrand: 'Sales brand'
}

/** A zod issue as one sentence that names its field, unless the message already does. */
function zodMessage(err: ZodError): string {
  const issue = err.issues[0]
  if (!issue) return 'The input is not valid.'
  const key = String(issue.path[issue.path.length - 1] ?? '')
  const label = FIELD_LABELS[key] ?? (key || 'Input')
  return issue.message.startsWith(label) ? issue.message : `${label}: ${issue.message}`
}

function isAppErrorCode(code: unknown): code is AppErrorCode {
  return typeof code === 'string' && (APP_ERROR_CODES as readonly string[]).includes(code)
}

/**
 * The one mapping from anything a service of the app throws to `{code, message}`: profile
 * refusals, input schemas, token format, mirror files, and (through describeSyncError, which
 * covers describeApiError) everything the service or a sync reports. Messages are plain
 * sentences; no stack, path of a source file or request data ever ends up in one.
 */
export function describeAppError(err: unknown): AppErrorPayload {
  if (err instanceof AppError) return err.toPayload()
  if (err instanceof ProfileStoreError) return { code: err.code, message: err.message }
  if (err instanceof ZodError) return { code: 'bad-input', message: zodMessage(err) }
  if (err instanceof TokenFormatError) {
    return { code: 'bad-input', message: `Token: ${err.message}.` }
  }
  if (err instanceof MirrorTooNewError) return { code: 'database', message: err.message }
  if (err instanceof MirrorMigrationError) {
    return {
      code: 'database',
      message: 'The offline copy of this profile could not be updated; a full resync rebuilds it.'
    }
  }
  if (err instanceof Error && err.name === 'SqliteError') {
    return {
      code: 'database',
      message: 'The offline copy of this profile could not be read; a full resync rebuilds it.'
    }
  }
  // The sync worker re-throws its failures as plain errors carrying the code it described.
  const code = (err as { code?: unknown } | null)?.code
  if (err instanceof Error && err.name === 'Error' && isAppErrorCode(code) && code !== 'internal') {
    return { code, message: err.message }
  }
  const described = describeSyncError(err)
  return {
    code: isAppErrorCode(described.code) ? described.code : 'internal',
    message: described.message
  }
}

/** Runs a handler body and re-throws any failure as an AppError, so IPC sends its sentence. */
export async function guarded<T>(
  body: () => Promise<T> | T,
  log: (message: string, err: unknown) => void
): Promise<T> {
  try {
    return await body()
  } catch (err) {
    const payload = describeAppError(err)
    if (payload.code === 'internal' || payload.code === 'database') log(payload.message, err)
    throw new AppError(payload.code, payload.message)
  }
}
