import { benchCli } from './cli'
import { benchDelta } from './delta'
import { benchHub } from './hub'
import { benchMirror } from './mirror'
import { benchOverview } from './overview'
import { benchSandboxServe } from './sandbox-serve'
import { benchSync } from './sync'
import { benchUi } from './ui'
import { benchWatch } from './watch'

/**
 * `npm run bench [-- NAME ...]`: each benchmark prints its figures beside a baseline measured
 * in the same run, as ratios; absolute times are printed too but never asserted.
 */
const benches: Record<string, () => Promise<void>> = {
  sandbox: () => benchSandboxServe(),
  mirror: () => benchMirror(),
  overview: () => benchOverview(),
  sync: () => benchSync(),
  delta: () => benchDelta(),
  watch: () => benchWatch(),
  // STAYDESK_BENCH_UI_LISTINGS=50000: the screens on a large desk (a sandbox and a full sync of
  // that size first: many minutes; the default stays at the 10,000 of the targets). A list
  // (10000,50000) runs each size in turn, so the figures stand side by side from one run;
  // STAYDESK_BENCH_UI_MIRROR=written opens each on a mirror written without a sync (ui.ts).
  ui: async () => {
    const written = process.env.STAYDESK_BENCH_UI_MIRROR === 'written'
    for (const n of uiListings()) {
      console.log(`\n-- ui at ${n.toLocaleString('en')} listings`)
      await benchUi(n, written)
    }
  },
  cli: () => benchCli(),
  hub: () => benchHub()
}

function uiListings(): number[] {
  const text = process.env.STAYDESK_BENCH_UI_LISTINGS ?? '10000'
  const sizes = text.split(',').map((s) => Number(s.trim()))
  if (sizes.some((n) => !Number.isInteger(n) || n < 100)) {
    console.error(
      `STAYDESK_BENCH_UI_LISTINGS must be whole numbers of listings (10000,50000), not "${text}"`
    )
    process.exit(2)
  }
  return sizes
}

const selected = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const unknown = selected.filter((name) => !(name in benches))
if (unknown.length > 0) {
  console.error(
    `unknown benchmark: ${unknown.join(', ')} (known: ${Object.keys(benches).join(', ')})`
  )
  process.exit(2)
}
for (const name of selected.length > 0 ? selected : Object.keys(benches)) {
  console.log(`\n== ${name}`)
  await benches[name]()
}
