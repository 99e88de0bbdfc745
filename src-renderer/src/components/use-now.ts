import { useEffect, useState } from 'react'

/** The current time, refreshed every `intervalMs`, so "5 minutes ago" texts keep ageing. */
export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(t)
  }, [intervalMs])
  return now
}
