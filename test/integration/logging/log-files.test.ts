import { EventEmitter } from 'node:events'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { setLogFile, toAppError } from '../../../src-main/errors'
import { openLog, openMainLog, purgeCrashDumps } from '../../../src-main/logging'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-logfiles-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
afterEach(() => setLogFile(undefined))

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('log files', () => {
  it('writes one JSON line per entry, with time, level and message, one file series per process kind', async () => {
    const dir = join(tempDir(), 'logs')
    const main = await openLog({ dir, name: 'main' })
    const cli = await openLog({ dir, name: 'cli' })
    main.info('StayDesk started', { version: '1.0.0' })
    main.error('command x failed', new TypeError('boom'))
    cli.info('booking cancel SB1: done')
    await Promise.all([main.close(), cli.close()])

    expect(readdirSync(dir).sort()).toEqual(['cli.1.log', 'main.1.log'])
    const [start, failure] = lines(join(dir, 'main.1.log'))
    expect(start).toMatchObject({ level: 'info', msg: 'StayDesk started', version: '1.0.0' })
    expect(new Date(start.time as string).toISOString()).toBe(start.time)
    expect(failure).toMatchObject({
      level: 'error',
      msg: 'command x failed',
      err: { type: 'TypeError', message: 'boom', stack: expect.stringContaining('TypeError: boom') }
    })
    expect(lines(join(dir, 'cli.1.log'))).toMatchObject([{ level: 'info', process: 'cli' }])
    // Lines may name guests: the files are the person's own.
    if (process.platform !== 'win32') {
      expect(statSync(join(dir, 'main.1.log')).mode & 0o077).toBe(0)
    }
  })

  it('goes on in the newest file after a restart', async () => {
    const dir = join(tempDir(), 'logs')
    const first = await openLog({ dir, name: 'main' })
    first.info('first run')
    await first.close()
    const second = await openLog({ dir, name: 'main' })
    second.info('second run')
    expect(second.file()).toBe(first.file())
    await second.close()
    expect(lines(second.file()).map((l) => l.msg)).toEqual(['first run', 'second run'])
  })

  it('starts a new file past the size limit and keeps only the newest ones, lines whole', async () => {
    const dir = join(tempDir(), 'logs')
    const log = await openLog({ dir, name: 'main', maxBytes: 8 * 1024, keep: 5 })
    const first = log.file()
    for (let i = 0; i < 400; i++) {
      log.info(`line ${i}`, { filler: 'x'.repeat(200) })
      await tick()
    }
    expect(log.file()).not.toBe(first)
    const files = () => readdirSync(dir)
    // Removal of the oldest runs in the background after each roll.
    while (files().length > 5) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(files()).toHaveLength(5)
    expect(existsSync(first)).toBe(false)
    let last = -1
    for (const name of files().sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))) {
      // A file rolls after the write that crossed the limit: one line over at most.
      expect(statSync(join(dir, name)).size).toBeLessThan(8 * 1024 + 400)
      for (const line of lines(join(dir, name))) {
        const n = Number(String(line.msg).split(' ')[1])
        expect(n).toBeGreaterThan(last)
        last = n
      }
    }
    expect(last).toBe(399)
    await log.close()
  })
})

describe('the main process log', () => {
  it('is named by "the details are in the log", and the crash line is on disk before the person is told', async () => {
    const data = tempDir()
    const proc = new EventEmitter()
    const app = new EventEmitter()
    let seenWhenTold = ''
    const log = (await openMainLog({
      dataDir: data,
      secrets: () => [],
      process: proc,
      app,
      onUncaught: () => (seenWhenTold = readFileSync(log.file(), 'utf8'))
    }))!
    expect(log.file()).toBe(join(data, 'logs', 'main.1.log'))
    const message = toAppError(new TypeError('bug')).message
    expect(message).toBe(
      `Something went wrong inside StayDesk; the details are in the log: ${log.file()}`
    )
    expect(existsSync(log.file())).toBe(true)

    proc.emit('uncaughtException', new RangeError('nobody caught this'))
    expect(seenWhenTold).toContain('nobody caught this')

    // The sync process ends after each sync on purpose; its deaths are logged by its owner.
    app.emit('child-process-gone', {}, { type: 'Utility', name: 'StayDesk sync', reason: 'killed' })
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'clean-exit', exitCode: 0 })
    app.emit(
      'child-process-gone',
      {},
      { type: 'Utility', name: 'Network Service', reason: 'crashed' }
    )
    app.emit('render-process-gone', {}, {}, { reason: 'oom', exitCode: -1 })
    await log.close()
    expect(lines(log.file()).map((l) => [l.msg, l.reason ?? null])).toEqual([
      ['uncaught exception', null],
      ['a Utility process is gone', 'crashed'],
      ['the window’s renderer process is gone', 'oom']
    ])
  })

  it('when its folder cannot be written, the app starts without it and messages name no file', async () => {
    const data = tempDir()
    writeFileSync(join(data, 'logs'), 'a file where the folder should be')
    const log = await openMainLog({
      dataDir: data,
      secrets: () => [],
      process: new EventEmitter(),
      app: new EventEmitter()
    })
    expect(log).toBeUndefined()
    expect(toAppError(new TypeError('bug')).message).toBe('Something went wrong inside StayDesk.')
  })
})

describe('crash dumps', () => {
  it('are all removed from the crashDumps folder, which stays', () => {
    const dumps = tempDir()
    mkdirSync(join(dumps, 'completed'), { recursive: true })
    mkdirSync(join(dumps, 'pending'), { recursive: true })
    writeFileSync(join(dumps, 'completed', '2f1e.dmp'), 'MDMP card 4242424242424242')
    writeFileSync(join(dumps, 'pending', '9a0b.dmp'), 'MDMP')
    writeFileSync(join(dumps, 'settings.dat'), 'x')
    expect(purgeCrashDumps(dumps)).toBe(3)
    expect(readdirSync(dumps)).toEqual([])
    expect(purgeCrashDumps(join(dumps, 'never-made'))).toBe(0)
  })
})
