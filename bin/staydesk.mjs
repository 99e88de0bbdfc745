#!/usr/bin/env node
// `npx staydesk`: runs the CLI from its TypeScript sources through tsx, so it works right after
// `npm install` without a build step. The tsconfig carries the @shared alias.
import { register } from 'tsx/esm/api'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
register({ tsconfig: join(root, 'tsconfig.node.json') })
const { runCli } = await import('../src-main/cli/main.ts')
// The sandbox command keeps running until Ctrl-C and exits on its own; every other command ends
// with its exit code.
process.exitCode = await runCli(process.argv.slice(2))
