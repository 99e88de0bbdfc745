import { request } from 'undici'
import { gunzipSync } from 'node:zlib'
import { startSandboxInWorker } from '../../src-main/sandbox/worker'
import { fmt, median, ms, report } from './stats'

/**
 * Is the sandbox fast enough not to be the bottleneck of a sync benchmark? For sampled pages of
 * each resource of a 10,000-listing portfolio, the time to receive a page (served by the sandbox
 * in its own thread) is compared with the time this thread takes to JSON.parse the same bytes.
 * Pairs alternate (fetch, parse, fetch, parse ...) and the median of per-pair ratios is reported.
 */
export async function benchSandboxServe(listings = 10_000): Promise<void> {
  const started = process.hrtime.bigint()
  const sandbox = await startSandboxInWorker({ listings, seed: 1, today: '2026-11-23' })
  console.log(`sandbox with ${listings} listings ready in ${fmt(ms(started) / 1000, 1)} s`)
  const headers = { authorization: 'Bearer demo-token' }
  const pages = Math.ceil(listings / 200)
  const sample = [0, Math.floor(pages / 4), Math.floor(pages / 2), pages - 1]

  try {
    for (const resource of ['listings', 'availability', 'rates'] as const) {
      const cold: number[] = []
      const warm: number[] = []
      const parse: number[] = []
      const coldRatio: number[] = []
      const warmRatio: number[] = []
      let bytes = 0
      let gzBytes = 0
      for (const page of sample) {
        const url = `${sandbox.url}/v1/${resource}/${page}`
        let t = process.hrtime.bigint()
        const body = Buffer.from(await (await request(url, { headers })).body.arrayBuffer())
        const c = ms(t)
        // The sandbox fills its cache over the first requests of a page (gzip and plain copies),
        // so "cached" is the median of three serves after one more priming request.
        await (await request(url, { headers })).body.arrayBuffer()
        const serves: number[] = []
        for (let k = 0; k < 3; k++) {
          t = process.hrtime.bigint()
          await (await request(url, { headers })).body.arrayBuffer()
          serves.push(ms(t))
        }
        const w = median(serves)
        t = process.hrtime.bigint()
        JSON.parse(body.toString('utf8'))
        const p = ms(t)
        const gz = await request(url, { headers: { ...headers, 'accept-encoding': 'gzip' } })
        const gzBody = Buffer.from(await gz.body.arrayBuffer())
        if (gz.headers['content-encoding'] === 'gzip') {
          gzBytes = Math.max(gzBytes, gzBody.length)
          if (!gunzipSync(gzBody).equals(body)) throw new Error(`${url}: gzip body differs`)
        }
        bytes = Math.max(bytes, body.length)
        cold.push(c)
        warm.push(w)
        parse.push(p)
        coldRatio.push(c / p)
        warmRatio.push(w / p)
      }
      const size = `${fmt(bytes / 1e6, 1)} MB (gzip ${fmt(gzBytes / 1e6, 2)} MB)`
      console.log(`  ${resource}: largest page ${size}`)
      report(
        `sandbox ${resource} page, first serve`,
        `${fmt(median(cold))} ms`,
        `parse ${fmt(median(parse))} ms`,
        median(coldRatio),
        'informational',
        undefined
      )
      report(
        `sandbox ${resource} page, cached serve`,
        `${fmt(median(warm))} ms`,
        `parse ${fmt(median(parse))} ms`,
        median(warmRatio),
        '< 1 (faster than parse)',
        median(warmRatio) < 1
      )
    }
  } finally {
    await sandbox.close()
  }
}
