import { useEffect, useState } from 'react'

/**
 * `value` as it was when the last frame was painted: a change shows here only once the browser
 * has drawn the render that made it (a frame, then a task after it). For work the screen can do
 * after the person has seen the answer, such as drawing the months either side of a month
 * switch, which would otherwise lengthen the switch's own frame. `initial` is what the first
 * render returns, before anything was painted.
 */
export function useAfterPaint<T>(value: T, initial: T): T {
  const [painted, setPainted] = useState(initial)
  useEffect(() => {
    if (Object.is(painted, value)) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(value))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [value, painted])
  return painted
}
