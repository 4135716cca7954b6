// webpack's and Rspack's watch mode (`compiler.watch`, what `webpack --watch`, webpack-dev-server
// and `next dev --webpack` run) rebuild the virtual module when a tool file is added, renamed or
// deleted: each rebuilt bundle is run in Node and must register exactly the tools on disk.
import { cp, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import webpackToolRegistry from '@toolreg/plugin/webpack'
import rspackToolRegistry from '@toolreg/plugin/rspack'
import { run } from './helpers/run.js'
import { rspackTypeScript } from './helpers/rspack.js'

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/build-dynamic')
const require = createRequire(import.meta.url)
const CORE_DIR = path.resolve(path.dirname(require.resolve('@toolreg/core')), '..')
const BASE = ['echo', 'greet_en', 'greet_fr']

const tool = (name: string) => `import { registry } from '@toolreg/core'

registry.register({ name: '${name}', toolset: 'util', schema: {}, handler: () => '${name}' })
`

interface Report {
  names: string[]
  toolNames: string[]
  sources: Record<string, string | null>
}

/** The minimal watch surface webpack and Rspack share. */
interface Stats {
  hasErrors(): boolean
  compilation: { errors: { message: string }[] }
}
interface WatchingCompiler {
  watch(
    options: { aggregateTimeout?: number },
    handler: (error: Error | null, stats?: Stats) => void,
  ): { close(callback: () => void): void }
}

let tmp: string
let closeWatch: (() => Promise<void>) | undefined

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'toolreg-wpwatch-'))
  await cp(FIXTURE, tmp, { recursive: true })
  await mkdir(path.join(tmp, 'node_modules/@toolreg'), { recursive: true })
  await symlink(CORE_DIR, path.join(tmp, 'node_modules/@toolreg/core'), 'dir')
})

afterEach(async () => {
  await closeWatch?.()
  closeWatch = undefined
  await rm(tmp, { recursive: true, force: true })
})

/** Add a file the way an editor saves it: the whole content appears at once. */
async function addFile(file: string, content: string) {
  const staging = path.join(tmp, `.staging-${path.basename(file)}`)
  await writeFile(staging, content)
  await rename(staging, path.join(tmp, file))
}

async function runBundle(entry: string): Promise<Report> {
  const { code, stdout, stderr } = await run(process.execPath, [entry], process.cwd())
  const line = stdout.split('\n').find(l => l.startsWith('TOOLREG_REPORT '))
  if (code !== 0 || !line) throw new Error(`node ${entry} exited ${code}\n${stdout}\n${stderr}`)
  return JSON.parse(line.slice('TOOLREG_REPORT '.length)) as Report
}

/**
 * Starts watching; `until(names, source?)` resolves with the report of the first finished build
 * whose bundle registers `names` (and, given `source`, whose first name's source starts with
 * it): a build the watcher started mid-change may come first. Fails on a build error, and
 * after 30 s with what the last build had.
 */
function startWatch(compiler: WatchingCompiler, entry: string) {
  let builds = 0
  let failure: string | undefined
  const wake: (() => void)[] = []
  const watching = compiler.watch({ aggregateTimeout: 50 }, (error, stats) => {
    failure = error
      ? error.message
      : stats?.hasErrors()
        ? stats.compilation.errors.map(e => e.message).join('\n')
        : undefined
    builds++
    for (const w of wake.splice(0)) w()
  })
  closeWatch = () => new Promise(resolve => watching.close(() => resolve()))
  let seen = 0
  return async function until(names: string[], source?: string): Promise<Report> {
    const deadline = Date.now() + 30_000
    let last: Report | undefined
    for (;;) {
      if (builds === seen) {
        const remaining = deadline - Date.now()
        if (remaining <= 0) throw new Error(`no build registered ${names.join(', ')}; last: ${JSON.stringify(last)}`)
        await new Promise<void>(resolve => {
          const timer = setTimeout(resolve, remaining)
          wake.push(() => (clearTimeout(timer), resolve()))
        })
        continue
      }
      seen = builds
      if (failure) throw new Error(failure)
      last = await runBundle(entry)
      const sourceOk = source === undefined || (last.sources[names[0] ?? '']?.startsWith(source) ?? false)
      if (JSON.stringify(last.names) === JSON.stringify(names) && sourceOk) return last
    }
  }
}

const compilers: Record<'webpack' | 'Rspack', (outDir: string) => Promise<WatchingCompiler>> = {
  async webpack(outDir) {
    const { default: webpack } = await import('webpack')
    return webpack({
      mode: 'development',
      context: tmp,
      entry: './src/main.ts',
      target: 'node20',
      devtool: false,
      output: { path: outDir, filename: 'main.cjs' },
      resolve: { extensions: ['.ts', '.js'] },
      module: { rules: [{ test: /\.ts$/, loader: require.resolve('esbuild-loader'), options: { target: 'es2022' } }] },
      plugins: [webpackToolRegistry({ dts: false })],
      infrastructureLogging: { level: 'none' },
    }) as unknown as WatchingCompiler
  },
  async Rspack(outDir) {
    const { rspack } = await import('@rspack/core')
    return rspack({
      mode: 'development',
      context: tmp,
      entry: './src/main.ts',
      target: 'node20',
      devtool: false,
      output: { path: outDir, filename: 'main.cjs' },
      ...rspackTypeScript,
      plugins: [rspackToolRegistry({ dts: false })],
      infrastructureLogging: { level: 'none' },
    }) as unknown as WatchingCompiler
  },
}

describe.each(Object.keys(compilers) as (keyof typeof compilers)[])('%s watch mode', bundler => {
  it('rebuilds the virtual module when a tool file is added, renamed or deleted', async () => {
    const outDir = path.join(tmp, 'dist')
    const until = startWatch(await compilers[bundler](outDir), path.join(outDir, 'main.cjs'))
    expect((await until(BASE)).names).toEqual(BASE)

    await addFile('tools/later.ts', tool('added_later'))
    const added = await until(['added_later', ...BASE])
    expect(added.toolNames).toContain('added_later')
    expect(added.sources.added_later).toMatch(/^tools\/later\.ts:3:/)

    // A renamed file: the same tool, now from its new path (a stale module would import the old one).
    await rename(path.join(tmp, 'tools/later.ts'), path.join(tmp, 'tools/moved.ts'))
    expect((await until(['added_later', ...BASE], 'tools/moved.ts:3:')).names).toEqual(['added_later', ...BASE])

    // A tool renamed in its file.
    await addFile('tools/moved.ts', tool('renamed_later'))
    expect((await until([...BASE, 'renamed_later'])).names).toEqual([...BASE, 'renamed_later'])

    await rm(path.join(tmp, 'tools/moved.ts'))
    expect((await until(BASE)).names).toEqual(BASE)
  }, 150_000)
})
