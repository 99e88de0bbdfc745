import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'

/**
 * A throwaway PostgreSQL cluster for tests: Debian's server binaries (package `postgresql`,
 * which `.ci/run` installs when initdb is missing), a cluster made in a temporary folder,
 * listening on a free loopback port with its Unix socket inside that folder, trust
 * authentication (nothing but this machine's loopback reaches it), fsync off (it is thrown away).
 * stop() stops it at once and removes the folder.
 *
 * initdb refuses to run as root, and CI and this machine run as root: then the cluster is made
 * and run as Debian's `postgres` system user (the package makes it), or as `nobody` where it
 * is missing, through `runuser`, with the folder handed to that user.
 */

const run = promisify(execFile)

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string
  readonly port: number
  /** How long initdb and the start took, in milliseconds (reported, never asserted). */
  readonly startMs: number
  /** A fresh empty database on this cluster, and its URL: one per test keeps tests apart. */
  createDatabase(name: string): Promise<string>
  stop(): Promise<void>
}

/** initdb and pg_ctl: on the PATH, else in Debian's /usr/lib/postgresql/<version>/bin (newest). */
export function postgresBin(name: 'initdb' | 'pg_ctl' | 'pg_dump'): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name)
  }
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : []
  for (const v of versions) {
    const file = join(root, v, 'bin', name)
    if (existsSync(file)) return file
  }
  throw new Error(
    `${name} not found on the PATH or in ${root}/<version>/bin: install PostgreSQL ` +
      '(Debian: apt-get install postgresql; .ci/run does it)'
  )
}

/** The unprivileged account a root process runs the cluster as, with its uid and gid. */
function clusterUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n')
  for (const name of ['postgres', 'nobody']) {
    const line = passwd.find((l) => l.startsWith(`${name}:`))
    if (line) {
      const [, , uid, gid] = line.split(':')
      return { name, uid: Number(uid), gid: Number(gid) }
    }
  }
  throw new Error(
    'running as root, and neither a postgres nor a nobody account exists to run initdb'
  )
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export async function startPostgres(): Promise<TestPostgres> {
  const started = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-pg-'))
  const data = join(dir, 'data')
  const user = clusterUser()
  if (user) chownSync(dir, user.uid, user.gid)
  const as = (bin: string, args: string[]) =>
    user
      ? run('runuser', ['-u', user.name, '--', bin, ...args], { cwd: dir })
      : run(bin, args, { cwd: dir })
  const port = await freePort()
  try {
    await as(postgresBin('initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync'
    ])
    await as(postgresBin('pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
      'start'
    ])
  } catch (err) {
    const log = existsSync(join(dir, 'server.log'))
      ? readFileSync(join(dir, 'server.log'), 'utf8')
      : ''
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`the test PostgreSQL did not start: ${(err as Error).message}\n${log}`, {
      cause: err
    })
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const startMs = Math.round(performance.now() - started)
  return {
    url,
    port,
    startMs,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}`)
      const { default: pg } = await import('pg')
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    async stop() {
      try {
        await as(postgresBin('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}
