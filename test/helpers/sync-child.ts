/**
 * A child process that runs the real sync (createApiClient + openMirror + syncAll) once and
 * reports each committed page on stdout as a JSON line, so a parent can SIGKILL it at any moment
 * and know which pages had been committed before the kill. Spawn it with `childSyncCommand`.
 *
 *   STAYDESK_TOKEN=... node --import tsx/esm test/helpers/sync-child.ts BASE_URL DB_FILE
 *
 * Lines: {"type":"page",...} after every commit, then {"type":"done","errors":[...]}.
 */
import { toAppError } from '../../src-main/errors'
import { createApiClient } from '../../src-main/api'
import { openMirror } from '../../src-main/db'
import { syncAll } from '../../src-main/sync/engine'

async function main(): Promise<number> {
  const [baseUrl, dbFile] = process.argv.slice(2)
  const token = process.env.STAYDESK_TOKEN
  if (!baseUrl || !dbFile || !token) {
    process.stderr.write('usage: STAYDESK_TOKEN=... sync-child.ts BASE_URL DB_FILE\n')
    return 2
  }
  process.stdout.write(`${JSON.stringify({ type: 'ready', t: Math.round(performance.now()) })}\n`)
  const client = createApiClient({ baseUrl, token, retry: { baseMs: 5, capMs: 50 } })
  const mirror = await openMirror(dbFile)
  try {
    const { errors } = await syncAll(client, mirror, {
      onProgress: (e) => {
        if (e.type === 'page') {
          process.stdout.write(`${JSON.stringify({ ...e, t: Math.round(performance.now()) })}\n`)
        }
      }
    })
    const described = errors.map((e) => ({
      resource: e.resource,
      ...toAppError(e.error).toPayload()
    }))
    process.stdout.write(`${JSON.stringify({ type: 'done', errors: described })}\n`)
    return described.length === 0 ? 0 : 1
  } finally {
    await client.close()
    await mirror.close()
  }
}

process.exitCode = await main()
