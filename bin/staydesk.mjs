#!/usr/bin/env node
// `npx staydesk`: runs the command line's bundle, out/cli/staydesk.mjs (scripts/build-cli.mjs),
// plain JavaScript that starts at once and needs only the production dependencies. In a source
// checkout with the build tools installed, a bundle older than the sources (or none yet) is
// built first, so an edit is never run stale; elsewhere the bundle is used as it is.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bundle = join(root, 'out', 'cli', 'staydesk.mjs')
const builder = join(root, 'scripts', 'build-cli.mjs')

if (existsSync(builder) && existsSync(join(root, 'src-main', 'cli', 'main.ts'))) {
  const build = await import(pathToFileURL(builder).href)
  if (build.canBuild()) {
    await build.freshBundle((why) =>
      process.stderr.write(`staydesk: building the command line (${why})…\n`)
    )
  }
}
if (!existsSync(bundle)) {
  process.stderr.write(
    'staydesk: the command line is not built (no out/cli/staydesk.mjs): run `npm run build`\n'
  )
  process.exit(1)
}

const { runCli } = await import(pathToFileURL(bundle).href)
// The sandbox command keeps running until Ctrl-C and exits on its own; every other command ends
// with its exit code.
process.exitCode = await runCli(process.argv.slice(2))
