#!/usr/bin/env node
// Several builds of the plugin against the glob build, in round-robin, paired per round:
// what each change bought when the machine's speed drifts (bench/optimizations.md).
//
//   node bench/experiments/build-variants.mjs <size> <rounds> <cold|warm> <plugin dir | main>…
//
// A plugin dir holds `dist/` and `package.json` (`bench/at-commits.mjs --prepare-only
// <commit>` builds one under bench/.work/at/<commit>/packages/plugin); `main` is the
// workspace's own build. Per round: a glob build, each variant once, a glob build again;
// each variant's ratio is its time ÷ the mean of the two glob builds (peak RSS alike).
// `warm` keeps each variant's own scan cache between its builds (they share one file
// name), `cold` deletes it before each build. Prints the median and p25–p75 per variant.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureProject, pluginCacheDir } from '../lib/generate.mjs'
import { quantile } from '../lib/stats.mjs'

const BENCH = fileURLToPath(new URL('..', import.meta.url))
const [sizeArg, roundsArg, mode, ...variants] = process.argv.slice(2)
if (!sizeArg || !roundsArg || !['cold', 'warm'].includes(mode) || variants.length === 0) {
  console.error('usage: build-variants.mjs <size> <rounds> <cold|warm> <plugin dir | main>…')
  process.exit(2)
}
const project = await ensureProject(join(BENCH, '.work', `p${sizeArg}`), Number(sizeArg))
const cache = pluginCacheDir(project)
const build = args =>
  JSON.parse(
    execFileSync(process.execPath, [join(BENCH, 'lib/vite-build.mjs'), project, ...args], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop(),
  )
const pluginArgs = v => (v === 'main' ? ['plugin'] : ['plugin', '--plugin-dir', resolve(v)])
const saved = v => join(BENCH, '.work', 'variant-caches', `${sizeArg}-${v.replace(/\W/g, '_')}`)

function runVariant(v) {
  rmSync(cache, { recursive: true, force: true })
  if (mode === 'warm' && existsSync(saved(v))) cpSync(saved(v), cache, { recursive: true })
  const result = build(pluginArgs(v))
  if (mode === 'warm') {
    rmSync(saved(v), { recursive: true, force: true })
    cpSync(cache, saved(v), { recursive: true })
  }
  return result
}

if (mode === 'warm')
  for (const v of variants) {
    rmSync(saved(v), { recursive: true, force: true })
    runVariant(v)
  }
build(['glob']) // warms the OS file cache
const time = variants.map(() => [])
const rss = variants.map(() => [])
for (let round = 0; round < Number(roundsArg); round++) {
  const before = build(['glob'])
  const results = variants.map(runVariant)
  const after = build(['glob'])
  const glob = (before.totalMs + after.totalMs) / 2
  const globRss = (before.maxRssKb + after.maxRssKb) / 2
  results.forEach((r, i) => {
    time[i].push(r.totalMs / glob)
    rss[i].push(r.maxRssKb / globRss)
  })
  console.error(
    `round ${round + 1}: glob ${glob.toFixed(0)} ms; ${results.map(r => r.totalMs.toFixed(0)).join(' ')} ms`,
  )
}
const fmt = xs => `${quantile(xs, 0.5).toFixed(2)}× (${quantile(xs, 0.25).toFixed(2)}–${quantile(xs, 0.75).toFixed(2)})`
variants.forEach((v, i) => console.log(`${v}: ${mode} ${fmt(time[i])}, peak RSS ${fmt(rss[i])}, ${roundsArg} pairs`))
