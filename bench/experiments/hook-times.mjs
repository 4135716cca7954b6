#!/usr/bin/env node
// The plugin's share of one `vite build`, hook by hook: how long importing it took, and
// each of its hooks (every call), in a build of the varied corpus (bench/lib/corpus.mjs).
// What bench/PROFILE.md's fixed-cost and warm-path figures come from; pair two plugin
// builds with --plugin-dir (bench/at-commits.mjs --prepare-only <commit> makes one).
//
//   node bench/experiments/hook-times.mjs [--size 1000] [--kind server|browser] [--cold]
//                                         [--plugin-dir DIR]
// --cold deletes the scan cache first; without it the build before leaves one (a first
// build is run when there is none). Prints one JSON line.
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { execFileSync } from 'node:child_process'
import { benchBuildConfig } from '../lib/build-config.mjs'
import { ensureVariedProject, pluginCacheDir } from '../lib/generate.mjs'

const BENCH = fileURLToPath(new URL('..', import.meta.url))
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '1000' },
    kind: { type: 'string', default: 'server' },
    cold: { type: 'boolean', default: false },
    'plugin-dir': { type: 'string' },
    child: { type: 'boolean', default: false },
  },
})
const project = await ensureVariedProject(join(BENCH, '.work', `v${args.size}`), Number(args.size))

if (!args.child) {
  // Each measurement is a fresh process, as a build is.
  const self = fileURLToPath(import.meta.url)
  const childArgs = [self, '--child', '--size', args.size, '--kind', args.kind]
  if (args['plugin-dir']) childArgs.push('--plugin-dir', args['plugin-dir'])
  if (args.cold) rmSync(pluginCacheDir(project), { recursive: true, force: true })
  else execFileSync(process.execPath, childArgs, { stdio: 'ignore' })
  process.stdout.write(execFileSync(process.execPath, childArgs, { encoding: 'utf8' }))
  process.exit(0)
}

const t0 = performance.now()
const { build } = await import('vite')
const t1 = performance.now()
const mod = args['plugin-dir']
  ? await import(pathToFileURL(join(resolve(args['plugin-dir']), 'dist/vite.js')).href)
  : await import('@toolreg/plugin/vite')
const t2 = performance.now()

/** Hook name → the duration of each call, ms. */
const hooks = {}
const timed = (plugin, key, fn) =>
  async function (...hookArgs) {
    const start = performance.now()
    try {
      return await fn.apply(this, hookArgs)
    } finally {
      ;(hooks[`${plugin.name}:${key}`] ??= []).push(Math.round((performance.now() - start) * 10) / 10)
    }
  }
const plugins = [mod.default()].flat()
for (const plugin of plugins)
  for (const [key, value] of Object.entries(plugin)) {
    if (typeof value === 'function') plugin[key] = timed(plugin, key, value)
    else if (value && typeof value.handler === 'function')
      plugin[key] = { ...value, handler: timed(plugin, key, value.handler) }
  }

const outDir = join(project, 'dist-hook-times')
const t3 = performance.now()
await build(
  benchBuildConfig({ root: project, entry: 'src/plugin-entry.ts', ssr: args.kind === 'server', outDir, plugins }),
)
const t4 = performance.now()
const ms = x => Math.round(x * 10) / 10
console.log(JSON.stringify({ importViteMs: ms(t1 - t0), importPluginMs: ms(t2 - t1), buildMs: ms(t4 - t3), hooks }))
process.exit(0)
