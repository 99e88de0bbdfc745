import { openMirror, type Mirror } from '../../db'

/**
 * The active profile's mirror. Every read waits for a switch in progress, and switches run one
 * after another, so a screen never reads a closed database or the wrong profile's data.
 */
export interface ActiveMirror {
  /** The open mirror (after any switch in progress). */
  get(): Promise<Mirror>
  profileId(): string | undefined
  /**
   * Opens `file` for `profileId`, then closes the previous mirror. Opening first means a file
   * that can't be opened leaves the previous profile's mirror in place.
   */
  switchTo(profileId: string, file: string): Promise<Mirror>
  close(): Promise<void>
}

export function createActiveMirror(nativeBinding?: string): ActiveMirror {
  let current: { profileId: string; mirror: Mirror } | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const enqueue = <T>(step: () => Promise<T>): Promise<T> => {
    const next = queue.then(step)
    queue = next.catch(() => undefined)
    return next
  }

  return {
    get: () =>
      enqueue(async () => {
        if (!current) throw new Error('no mirror is open')
        return current.mirror
      }),
    profileId: () => current?.profileId,
    switchTo: (profileId, file) =>
      enqueue(async () => {
        if (current?.profileId === profileId) return current.mirror
        const mirror = await openMirror(file, { nativeBinding })
        const previous = current
        current = { profileId, mirror }
        await previous?.mirror.close()
        return mirror
      }),
    close: () =>
      enqueue(async () => {
        const previous = current
        current = undefined
        await previous?.mirror.close()
      })
  }
}
