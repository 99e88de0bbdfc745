import { afterEach, describe, expect, it } from 'vitest'
import { MutationObserver, QueryClient } from '@tanstack/react-query'
import type { DesktopApi } from '@shared/ipc/contract'
import { paletteQuery } from '../../../src-renderer/src/app/palette-query'
import { commandMutationOptions } from '../../../src-renderer/src/ipc/mutation'

describe('what the palette searches for', () => {
  it('takes an id as the palette writes it, with or without "#"', () => {
    expect(paletteQuery('#100026')).toEqual({ text: '100026', lower: '100026', id: 100026 })
    expect(paletteQuery('  100026 ')).toMatchObject({ id: 100026 })
    expect(paletteQuery('# 42')).toMatchObject({ text: '42', id: 42 })
    expect(paletteQuery('Lucca')).toEqual({ text: 'Lucca', lower: 'lucca', id: null })
    expect(paletteQuery('#')).toMatchObject({ text: '', id: null })
  })
})

describe('a secret command', () => {
  const TOKEN = 'canary-token-5e1f0a77'
  const g = globalThis as unknown as { window?: { staydesk: Partial<DesktopApi> } }
  afterEach(() => delete g.window)

  it('leaves nothing of its input in the query cache once it settled', async () => {
    g.window = {
      staydesk: {
        'profiles:set-token': async () => ({
          ok: true,
          value: { state: 'set', storage: 'os-encrypted', last4: '0a77', explanation: 'Saved.' }
        })
      }
    }
    const qc = new QueryClient()
    const observer = new MutationObserver(
      qc,
      commandMutationOptions(qc, 'profiles:set-token', { secret: true })
    )
    const status = await observer.mutate({ id: 'p1', token: TOKEN })
    expect(status.last4).toBe('0a77')
    // What useCommandMutation does once a secret command settled.
    observer.reset()
    await new Promise((r) => setTimeout(r, 10))
    expect(qc.getMutationCache().getAll()).toEqual([])
    expect(JSON.stringify(observer.getCurrentResult())).not.toContain(TOKEN)
  })

  it('an ordinary command stays in the cache with its input, as usual', async () => {
    g.window = {
      staydesk: {
        'profiles:clear-token': async () => ({
          ok: true,
          value: { state: 'missing', storage: 'none', explanation: 'No token.' }
        })
      }
    }
    const qc = new QueryClient()
    const observer = new MutationObserver(qc, commandMutationOptions(qc, 'profiles:clear-token'))
    await observer.mutate({ id: 'p1' })
    observer.reset()
    await new Promise((r) => setTimeout(r, 10))
    expect(qc.getMutationCache().getAll()).toHaveLength(1)
  })
})
