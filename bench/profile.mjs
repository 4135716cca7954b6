#!/usr/bin/env node
// Profiles the plugin's hot path with `node --cpu-prof`: one cold scan, a cold and a warm
// `vite build` with the plugin and the glob build over a generated project, then prints where the time goes
// (self time by package and by function, inclusive time of the plugin's own functions).
//
//   node bench/profile.mjs [--size 1000] [--corpus varied|uniform] [--kind browser|server] [--plugin-dir DIR]
// Profiles are kept in bench/.work/profiles/ (open them in Chrome DevTools → Performance).
import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureProject, ensureVariedProject, pluginCacheDir } from './lib/generate.mjs'
import { runNodeJson } from './lib/proc.mjs'

const BENCH = fileURLToPath(new URL('.', import.meta.url))
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '1000' },
    'plugin-dir': { type: 'string' },
    top: { type: 'string', default: '25' },
    // The build figure's corpus (bench/lib/corpus.mjs) or the older one-shape files.
    corpus: { type: 'string', default: 'varied' },
    kind: { type: 'string', default: 'browser' },
  },
})
const size = Number(args.size)
const top = Number(args.top)
const pluginArgs = args['plugin-dir'] ? ['--plugin-dir', args['plugin-dir']] : []
const project =
  args.corpus === 'uniform'
    ? await ensureProject(join(BENCH, '.work', `p${size}`), size)
    : await ensureVariedProject(join(BENCH, '.work', `v${size}`), size)
const kindArgs = ['--kind', args.kind]
const profileDir = join(BENCH, '.work', 'profiles')
await mkdir(profileDir, { recursive: true })

for (const [label, script, scriptArgs, keepCache] of [
  // The scan child counts one tool per file: the uniform corpus only.
  ...(args.corpus === 'uniform'
    ? [['scan', join(BENCH, 'lib/scan-child.mjs'), [project, String(size), ...pluginArgs], false]]
    : []),
  ['build-cold', join(BENCH, 'lib/vite-build.mjs'), [project, 'plugin', ...kindArgs, ...pluginArgs], false],
  // Right after the cold build: its disk cache is in place.
  ['build-warm', join(BENCH, 'lib/vite-build.mjs'), [project, 'plugin', ...kindArgs, ...pluginArgs], true],
  ['build-glob', join(BENCH, 'lib/vite-build.mjs'), [project, 'glob', ...kindArgs], true],
]) {
  const dir = join(profileDir, `${label}-${size}`)
  await rm(dir, { recursive: true, force: true })
  if (!keepCache) await rm(pluginCacheDir(project), { recursive: true, force: true })
  const { result, wallMs } = await runNodeJson(script, scriptArgs, {
    nodeArgs: ['--cpu-prof', '--cpu-prof-interval', '250', '--cpu-prof-dir', dir],
  })
  const [file] = await readdir(dir)
  console.log(`\n=== ${label}, ${size} files: process ${wallMs.toFixed(0)} ms; ${JSON.stringify(pick(result))}`)
  console.log(`profile: ${join(dir, file)}`)
  summarize(JSON.parse(await readFile(join(dir, file), 'utf8')))
}

function pick(result) {
  const { output, reads, ...rest } = result
  return Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 10) / 10 : v]),
  )
}

/** Where a frame's code lives: a package, the plugin, Node internals, or the VM. */
function origin(url) {
  if (!url) return '(vm / native)'
  if (url.startsWith('node:')) return 'node internals'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  const ws = /packages\/([^/]+)\//.exec(url)
  if (ws) return `@toolreg/${ws[1]}`
  if (url.includes('/bench/')) return 'bench harness'
  return url.replace(/^file:\/\//, '')
}

function summarize(profile) {
  const byId = new Map(profile.nodes.map(n => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const self = new Map()
  for (let i = 0; i < profile.samples.length; i++)
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0))
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const key = n =>
    `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`
  const selfByOrigin = new Map()
  const selfByFn = new Map()
  const inclusiveByFn = new Map()
  for (const [id, us] of self) {
    const node = byId.get(id)
    const o = origin(node.callFrame.url)
    selfByOrigin.set(o, (selfByOrigin.get(o) ?? 0) + us)
    const k = key(node)
    if (node.callFrame.functionName !== '(idle)') selfByFn.set(k, (selfByFn.get(k) ?? 0) + us)
    // Inclusive: every distinct plugin function on the stack gets the sample once.
    const seen = new Set()
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur)
      if (!origin(n.callFrame.url).startsWith('@toolreg/plugin')) continue
      const fk = key(n)
      if (seen.has(fk)) continue
      seen.add(fk)
      inclusiveByFn.set(fk, (inclusiveByFn.get(fk) ?? 0) + us)
    }
  }
  const ms = us => `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%`
  const print = (title, map, n) => {
    console.log(`-- ${title}`)
    for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${ms(us)}  ${k}`)
  }
  console.log(`sampled ${(total / 1000).toFixed(0)} ms`)
  print('self time by origin', selfByOrigin, 15)
  print('self time by function', selfByFn, top)
  print('inclusive time of @toolreg/plugin functions', inclusiveByFn, top)
}

function shortUrl(url) {
  return url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/packages\//, 'packages/')
}
