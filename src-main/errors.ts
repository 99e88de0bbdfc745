import { ZodError, type z } from 'zod'
import type { AppErrorCode, AppErrorPayload } from '@shared/errors'

/**
 * The main process's one error type and its one mapping. Every failure a part of the app means
 * to report (a refused profile, a service answer, a sync that could not run, a mirror written by
 * a newer StayDesk) is an AppError, or a subclass declared next to the code that throws it: its
 * code and sentence cross IPC, reach the CLI's stderr and the sync's summary unchanged.
 * Anything else that is thrown is a bug: toAppError turns it into a fixed 'internal' sentence
 * marked `unexpected`, and the IPC dispatcher sends that to its crash path (logged, and fatal to
 * the end-to-end test in which it happens).
 *
 * This module sits below every other folder of src-main (db, api, sync and profiles import it;
 * it imports none of them), so the layering rule in eslint.config.js holds.
 */
export class AppError extends Error {
  readonly code: AppErrorCode
  /** The input field the error is about (a dotted path), for forms. */
  readonly field?: string
  /** A bug rather than a refusal: its original is logged, never shown. */
  readonly unexpected: boolean

  constructor(
    code: AppErrorCode,
    message: string,
    opts: { field?: string; unexpected?: boolean } = {}
  ) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.field = opts.field
    this.unexpected = opts.unexpected ?? false
  }

  toPayload(): AppErrorPayload {
    return this.field === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, field: this.field }
  }
}

/** The log file this process writes now (logging/), once it is open; see setLogFile. */
let currentLogFile: () => string | undefined = () => undefined

/**
 * Points "the details are in the log" at the file this process logs to (main.log's current
 * file in the app, sync.log's in the sync process, cli.log's on the command line), so that a
 * person told to look there finds it. Undefined (tests, the end-to-end harness): no file is named.
 */
export function setLogFile(file: (() => string | undefined) | undefined): void {
  currentLogFile = file ?? (() => undefined)
}

/**
 * `sentence` followed by where its details are: "…; the details are in the log: /…/main.1.log",
 * or just the sentence when this process keeps no log.
 */
export function detailsInLog(sentence: string): string {
  const file = currentLogFile()
  return file ? `${sentence}; the details are in the log: ${file}` : `${sentence}.`
}

/** What a bug says wherever it surfaces (window, sync summary), naming the log file. */
function internalMessage(): string {
  return detailsInLog('Something went wrong inside StayDesk')
}

const DATABASE_MESSAGE =
  'The offline copy of this profile could not be read or written; a full resync rebuilds it.'

/** Labels of input fields whose names don't read well as they are. */
const FIELD_LABELS: Record<string, string> = {
  baseUrl: 'Base URL',
  id: 'Id',
  cvc: 'CVC',
  url: 'URL',
  scUrl: 'Channel URL'
}

/** `salesChannel` → "Sales channel", `guest.email` → "Email", `childrenAges.1` → "Children ages (item 2)". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const keys = path.map(String)
  let last = keys.length - 1
  // Indices and empty keys name no field: the label is the nearest key that does.
  while (last >= 0 && (/^\d+$/.test(keys[last]) || keys[last].trim() === '')) last--
  if (last < 0) return 'Input'
  const key = keys[last].trim()
  const words = FIELD_LABELS[key] ?? key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  const label = words.charAt(0).toUpperCase() + words.slice(1)
  const index = keys[last + 1]
  return index === undefined || !/^\d+$/.test(index)
    ? label
    : `${label} (item ${Number(index) + 1})`
}

/**
 * A zod issue as one sentence naming its field, unless the schema's message already does. The
 * shared schemas word their problems after the field ("is required", "must be at most 100
 * characters"), so the label is the sentence's subject: "Reference is required", as the forms
 * say it, never "Reference: is required" (which reads as a field with nothing after it).
 */
export function issueSentence(issue: z.core.$ZodIssue): string {
  const label = fieldLabel(issue.path)
  let text = issue.message.trim()
  if (issue.code === 'invalid_type' && text.startsWith('Invalid input')) {
    text = text.endsWith('received undefined') ? 'is required' : `must be a ${issue.expected}`
  }
  if (text === '') return `${label} is not valid`
  if (text.startsWith(label)) return text
  if (/^(is|are|must|has|needs|should|cannot|can't)\b/.test(text)) return `${label} ${text}`
  return `${label}: ${text}`
}

/** The dotted path of a zod issue, or undefined for the input as a whole. */
export function issueField(issue: z.core.$ZodIssue): string | undefined {
  return issue.path.length > 0 ? issue.path.map(String).join('.') : undefined
}

/** The first issue of a schema failure as a bad-input AppError on its field. */
export function zodAppError(error: ZodError, prefix: readonly PropertyKey[] = []): AppError {
  const issue = error.issues[0]
  if (!issue) return new AppError('bad-input', 'The input is not valid.')
  const full = { ...issue, path: [...prefix, ...issue.path] } as z.core.$ZodIssue
  return new AppError('bad-input', issueSentence(full), { field: issueField(full) })
}

function isNamed(err: unknown, name: string): boolean {
  return err instanceof Error && err.name === name
}

/**
 * The one mapping from anything thrown to an AppError, used by IPC dispatch, the CLI and the
 * sync process. Messages are plain sentences: the text of an unknown error is never passed on,
 * since it may hold a path, a token or card data.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err
  if (err instanceof ZodError) return zodAppError(err)
  if (isNamed(err, 'AbortError')) return new AppError('aborted', 'The request was cancelled.')
  if (isNamed(err, 'SqliteError')) {
    return new AppError('database', DATABASE_MESSAGE, { unexpected: true })
  }
  return new AppError('internal', internalMessage(), { unexpected: true })
}
