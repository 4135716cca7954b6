#!/usr/bin/env node
// The scan (or build) figure against the plugin as it was at several commits, so RESULTS.md
// can say what each optimization bought. Each commit's packages/plugin and packages/core
// are extracted with `git archive` into bench/.work/at/<commit>/ and built with `tsc -b`;
// dependencies resolve from the workspace's node_modules.
//
//   node bench/at-commits.mjs [--figure scan|build] [--size 1000] [--reps 3] [--path P] [--prepare-only] [commit…]
// Default commits: every commit that touched packages/plugin/src, oldest first, plus the
// working tree's current build (packages/plugin/dist). Results: bench/at-commits.json when
// run at 1000 files, else bench/.work/at-commits.json.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ensureProject, pluginCacheDir } from './lib/generate.mjs'
import { runNodeJson } from './lib/proc.mjs'
import { pairedRatios, roundSummary, summarize } from './lib/stats.mjs'

const BENCH = fileURLToPath(new URL('.', import.meta.url))
const REPO = join(BENCH, '..')
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    figure: { type: 'string', default: 'scan' },
    size: { type: 'string', default: '1000' },
    reps: { type: 'string', default: '3' },
    // Extract and build the commits only (no measurement): tsc is slow, do it ahead of time.
    'prepare-only': { type: 'boolean', default: false },
    // Only commits that touched these paths (default: the whole plugin source).
    path: { type: 'string', default: 'packages/plugin/src' },
  },
})
const size = Number(args.size)
const reps = Number(args.reps)
const git = (...a) => execFileSync('git', a, { cwd: REPO, encoding: 'utf8' }).trim()

const commits = positionals.length
  ? positionals
  : git('log', '--reverse', '--format=%h', '--', args.path).split('\n').filter(Boolean)
if (args['prepare-only']) {
  for (const commit of commits) {
    try {
      console.error(`${commit}: ${await extract(commit)}`)
    } catch (error) {
      console.error(`${commit}: cannot build: ${String(error.message ?? error).split('\n')[0]}`)
    }
  }
  process.exit(0)
}
const project = await ensureProject(join(BENCH, '.work', `p${size}`), size)
const rows = []
for (const commit of [...commits, 'working-tree']) {
  const label =
    commit === 'working-tree'
      ? 'working tree (packages/plugin/dist)'
      : `${commit} ${git('log', '-1', '--format=%s', commit)}`
  let pluginDir
  try {
    pluginDir = commit === 'working-tree' ? join(REPO, 'packages/plugin') : await extract(commit)
  } catch (error) {
    rows.push({ commit, label, error: `cannot build: ${String(error.message ?? error).split('\n')[0]}` })
    continue
  }
  const entry = args.figure === 'scan' ? 'dist/index.js' : 'dist/vite.js'
  if (!existsSync(join(pluginDir, entry))) {
    rows.push({ commit, label, error: `no ${entry} at this commit` })
    continue
  }
  try {
    rows.push({
      commit,
      label,
      ...(args.figure === 'scan' ? await scanFigure(pluginDir) : await buildFigure(pluginDir)),
    })
  } catch (error) {
    rows.push({
      commit,
      label,
      error: String(error.message ?? error)
        .split('\n')[0]
        .slice(0, 300),
    })
  }
  console.error(JSON.stringify(rows.at(-1)))
}

const out = { figure: args.figure, size, reps, date: new Date().toISOString(), rows }
const file =
  size === 1000 ? join(BENCH, `at-commits-${args.figure}.json`) : join(BENCH, '.work', `at-commits-${args.figure}.json`)
await writeFile(file, `${JSON.stringify(out, null, 2)}\n`)
console.error(`wrote ${file}`)

async function extract(commit) {
  const dir = join(BENCH, '.work', 'at', commit)
  if (existsSync(join(dir, 'packages/plugin/dist/index.js'))) return join(dir, 'packages/plugin')
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  execFileSync(
    'sh',
    ['-c', `git archive ${commit} packages/plugin packages/core tsconfig.base.json scripts | tar -x -C "${dir}"`],
    { cwd: REPO },
  )
  execFileSync(join(REPO, 'node_modules/.bin/tsc'), ['-b', join(dir, 'packages/plugin')], { cwd: dir, stdio: 'pipe' })
  // Since the plugin is bundled, tsc emits its declarations only and the bundler its code.
  if (existsSync(join(dir, 'scripts/bundle-plugin.mjs')))
    execFileSync(process.execPath, [join(dir, 'scripts/bundle-plugin.mjs')], { cwd: dir, stdio: 'pipe' })
  return join(dir, 'packages/plugin')
}

async function scanFigure(pluginDir) {
  const samples = []
  for (let i = 0; i < reps; i++)
    samples.push(
      (await runNodeJson(join(BENCH, 'lib/scan-child.mjs'), [project, String(size), '--plugin-dir', pluginDir])).result,
    )
  const read = samples.map(s => s.readMs)
  const disk = samples.every(s => s.warmDiskMs !== null)
  return {
    readMs: roundSummary(summarize(read)),
    coldMs: roundSummary(summarize(samples.map(s => s.coldMs))),
    warmMs: roundSummary(summarize(samples.map(s => s.warmMs))),
    warmDiskMs: disk ? roundSummary(summarize(samples.map(s => s.warmDiskMs))) : null,
    warmDiskRatio: disk
      ? roundSummary(
          summarize(
            pairedRatios(
              samples.map(s => s.warmDiskMs),
              read,
            ),
          ),
        )
      : null,
    importMs: roundSummary(summarize(samples.map(s => s.importMs))),
  }
}

async function buildFigure(pluginDir) {
  const script = join(BENCH, 'lib/vite-build.mjs')
  const glob = []
  const cold = []
  const warm = []
  for (let i = 0; i < reps; i++) {
    glob.push((await runNodeJson(script, [project, 'glob'])).result.totalMs)
    await rm(pluginCacheDir(project), { recursive: true, force: true })
    cold.push((await runNodeJson(script, [project, 'plugin', '--plugin-dir', pluginDir])).result.totalMs)
    warm.push((await runNodeJson(script, [project, 'plugin', '--plugin-dir', pluginDir])).result.totalMs)
  }
  return {
    globMs: roundSummary(summarize(glob)),
    coldRatio: roundSummary(summarize(pairedRatios(cold, glob))),
    warmRatio: roundSummary(summarize(pairedRatios(warm, glob))),
  }
}
