// @toolreg/plugin/rsbuild and /farm through each bundler's own CLI: `rsbuild build` and `farm
// build` bundle one Node app (fixtures/rsbuild-farm-app, a config for each) over the build
// fixture's tools, and the bundle answers with the registered tools and one dispatch; a
// duplicate name fails the build with TR001, naming both files, and a browser build has no
// manifest; `rsbuild build --watch` and `farm watch` bring an added and a renamed tool file
// into the rewritten bundle without a restart, and print a duplicate added while watching,
// keeping the last bundle until it is fixed; Farm's dev server serves an added and a renamed
// tool. Each entry's declarations name only its own bundler, and the README shows the
// configs the tests build.
import { existsSync } from 'node:fs'
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture, repoRoot } from '../packages/plugin/test/helpers.js'
import { nodeReport, run } from './helpers/run.js'
import { IN_REPO_TEMP, projectFrom, SHARED_TOOLS_REPORT } from './helpers/runtimes.js'
import { freePort, type Server, saveFile, startServer, stopServer } from './helpers/servers.js'
import type { Browser } from 'playwright-core'
import { launchChromium, skipWithoutChromium } from './helpers/chromium.js'

interface Manifest {
  tools: { name: string }[]
}

interface Report {
  names: string[]
  sources: Record<string, string | null>
}

const toolModule = (name: string) => `import { registry } from '@toolreg/core'

registry.register({ name: '${name}', toolset: 'util', schema: {}, handler: () => '${name}' })
`

const bin = (file: string) => path.join(repoRoot, 'node_modules', file)

const bundlers = {
  Rsbuild: {
    build: (root: string) => [bin('@rsbuild/core/bin/rsbuild.js'), 'build', '--root', root],
    watch: [bin('@rsbuild/core/bin/rsbuild.js'), 'build', '--watch'],
    watchAlso: [bin('@rsbuild/core/bin/rsbuild.js'), 'build', '--watch'],
    config: 'rsbuild.config.ts',
    nodeTarget: "target: 'node'",
    browserTarget: "target: 'web'",
  },
  Farm: {
    build: (root: string) => [bin('@farmfe/cli/bin/farm.mjs'), 'build', root],
    watch: [bin('@farmfe/cli/bin/farm.mjs'), 'watch'],
    watchAlso: [bin('@farmfe/cli/bin/farm.mjs'), 'build', '--watch'],
    config: 'farm.config.ts',
    nodeTarget: "targetEnv: 'node'",
    browserTarget: "targetEnv: 'browser'",
  },
}

const watchers: Server[] = []
const browsers: Browser[] = []
afterAll(async () => {
  await Promise.all(browsers.splice(0).map(b => b.close()))
  await Promise.all(watchers.splice(0).map(w => stopServer(w.child)))
  await cleanupTemps()
})

const BASE = SHARED_TOOLS_REPORT.names

/**
 * Runs the bundle until its report registers `names` (and, given `source: [tool, prefix]`,
 * that tool's source starts with the prefix): a watcher rewrites it some time after a change,
 * maybe more than once. Fails after 60 s with the last report and the watcher's output.
 */
async function until(bundle: string, watcher: Server, names: string[], source?: [string, string]): Promise<Report> {
  const deadline = Date.now() + 60_000
  let last: unknown
  while (Date.now() < deadline) {
    try {
      const report = await nodeReport<Report>(bundle, [], 'TOOLREG_REPORT')
      last = report
      const sourceOk = source === undefined || (report.sources[source[0]]?.startsWith(source[1]) ?? false)
      if (JSON.stringify(report.names) === JSON.stringify(names) && sourceOk) return report
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise(resolve => setTimeout(resolve, 200))
  }
  throw new Error(`no bundle registered ${names.join(', ')}; last: ${JSON.stringify(last)}\n${watcher.output()}`)
}

/** Waits until the watcher has printed `text` after the first `from` characters of its output. */
async function untilPrinted(watcher: Server, from: number, text: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!watcher.output().slice(from).includes(text)) {
    if (Date.now() > deadline) throw new Error(`the watcher never printed ${text}:\n${watcher.output()}`)
    await new Promise(resolve => setTimeout(resolve, 200))
  }
}

/** The declaration file of a relative import in one (`./x.js` → `./x.d.ts`, `./x.cjs` → `./x.d.cts`). */
const declarationOf = (from: string, spec: string) =>
  path.resolve(path.dirname(from), spec.replace(/\.js$/, '.d.ts').replace(/\.cjs$/, '.d.cts'))

/** The packages a declaration file and the declarations it imports (`from '…'`, `import('…')`) name. */
async function packagesNamed(file: string, seen = new Set<string>()): Promise<Set<string>> {
  const named = new Set<string>()
  if (seen.has(file)) return named
  seen.add(file)
  for (const [, spec = ''] of (await readFile(file, 'utf8')).matchAll(/(?:from |import\()'([^']+)'/g)) {
    const found = spec.startsWith('.') ? await packagesNamed(declarationOf(file, spec), seen) : [spec]
    for (const p of found) named.add(p)
  }
  return named
}

/** Each bundler (and unplugin, which imports all their types) an entry's declarations may name. */
const BUNDLER_PACKAGES = [
  'vite',
  'rollup',
  'rolldown',
  'esbuild',
  'webpack',
  '@rspack/core',
  '@rsbuild/core',
  '@farmfe/core',
  'bun-types',
  'unplugin',
]

describe('README', () => {
  it.each(['rsbuild.config.ts', 'farm.config.ts'])('shows %s as the tests build it', async file => {
    const readme = await readFile(path.join(repoRoot, 'packages/plugin/README.md'), 'utf8')
    const config = await readFile(path.join(fixture('rsbuild-farm-app'), file), 'utf8')
    expect(readme).toContain('```ts\n' + config + '```\n')
  })
})

describe('declarations', () => {
  // A project with only one bundler installed lib-checks them (test/consumer.test.ts).
  it.each([
    ['rsbuild', '@rsbuild/core'],
    ['farm', '@farmfe/core'],
  ])('@toolreg/plugin/%s names no bundler but %s', async (entry, pkg) => {
    const plugin = path.join(repoRoot, 'packages/plugin')
    for (const file of [`dist/${entry}.d.ts`, `cjs/${entry}.d.cts`]) {
      const named = await packagesNamed(path.join(plugin, file))
      expect(
        [...named].filter(p => BUNDLER_PACKAGES.includes(p)),
        file,
      ).toEqual([pkg])
    }
  })
})

describe.each(Object.entries(bundlers))('@toolreg/plugin/%s', (name, bundler) => {
  const project = () => projectFrom(fixture('rsbuild-farm-app'), IN_REPO_TEMP)
  const cli = `${name.toLowerCase()} ${bundler.watch.slice(1).join(' ')}`
  const cliAlso = `${name.toLowerCase()} ${bundler.watchAlso.slice(1).join(' ')}`

  // Each build runs outside the project, given its root: the plugin must take the bundler's.
  it(`the ${name} CLI builds a Node app; it answers with the tools and a dispatch`, async () => {
    const dir = await project()
    const built = await run(process.execPath, bundler.build(dir), IN_REPO_TEMP)
    expect(built.code, built.stdout + built.stderr).toBe(0)
    expect(await nodeReport(path.join(dir, 'dist/main.js'), [], 'TOOLREG_REPORT')).toEqual(SHARED_TOOLS_REPORT)
    const manifest = JSON.parse(await readFile(path.join(dir, 'dist/tool-manifest.json'), 'utf8')) as Manifest
    expect(manifest.tools.map(t => t.name).sort()).toEqual(BASE)
  }, 60_000)

  it(`a ${name} build for the browser publishes no manifest`, async () => {
    const dir = await project()
    const config = path.join(dir, bundler.config)
    const text = await readFile(config, 'utf8')
    expect(text).toContain(bundler.nodeTarget)
    await writeFile(config, text.replace(bundler.nodeTarget, bundler.browserTarget))
    const built = await run(process.execPath, bundler.build(dir), IN_REPO_TEMP)
    expect(built.code, built.stdout + built.stderr).toBe(0)
    const files = await readdir(path.join(dir, 'dist'), { recursive: true })
    expect(files.some(f => f.endsWith('.js'))).toBe(true)
    expect(files.filter(f => f.endsWith('tool-manifest.json'))).toEqual([])
  }, 60_000)

  it(`a duplicate tool name fails the ${name} build with TR001 naming both files`, async () => {
    const dir = await project()
    await writeFile(path.join(dir, 'tools/twin.ts'), toolModule('add'))
    const built = await run(process.execPath, bundler.build(dir), IN_REPO_TEMP)
    const output = built.stdout + built.stderr
    expect(built.code, output).not.toBe(0)
    expect(output).toContain('tools/twin.ts:3:1 - error TR001: Duplicate tool name "add"')
    expect(output).toContain('tools/math.ts:7:1')
  }, 60_000)

  it(`${cli}: an added and a renamed tool file reach the bundle without a restart`, async () => {
    const dir = await project()
    const bundle = path.join(dir, 'dist/main.js')
    const watcher = startServer(process.execPath, bundler.watch, dir, process.env)
    watchers.push(watcher)
    await until(bundle, watcher, BASE)

    await saveFile(dir, 'tools/later.ts', toolModule('added_later'))
    await until(bundle, watcher, ['add', 'added_later', ...BASE.slice(1)], ['added_later', 'tools/later.ts:3:'])

    // The file renamed: the same tool, now from its new path.
    await rename(path.join(dir, 'tools/later.ts'), path.join(dir, 'tools/moved.ts'))
    await until(bundle, watcher, ['add', 'added_later', ...BASE.slice(1)], ['added_later', 'tools/moved.ts:3:'])

    // Its tool renamed in place, then the file deleted.
    await saveFile(dir, 'tools/moved.ts', toolModule('renamed_later'))
    await until(bundle, watcher, [...BASE.slice(0, 3), 'renamed_later', ...BASE.slice(3)])
    await rm(path.join(dir, 'tools/moved.ts'))
    await until(bundle, watcher, BASE)
    await stopServer(watcher.child)
  }, 240_000)

  it(`${cliAlso}: a duplicate added while watching is printed, the last bundle stays, its fix arrives`, async () => {
    const dir = await project()
    const bundle = path.join(dir, 'dist/main.js')
    const watcher = startServer(process.execPath, bundler.watchAlso, dir, process.env)
    watchers.push(watcher)
    await until(bundle, watcher, BASE)

    const printed = watcher.output().length
    await saveFile(dir, 'tools/twin.ts', toolModule('add'))
    await untilPrinted(watcher, printed, 'tools/twin.ts:3:1 - error TR001: Duplicate tool name "add"')
    expect((await nodeReport<Report>(bundle, [], 'TOOLREG_REPORT')).names).toEqual(BASE)

    await saveFile(dir, 'tools/twin.ts', toolModule('twin_ok'))
    await until(bundle, watcher, [...BASE.slice(0, 3), 'twin_ok', ...BASE.slice(3)])
    await stopServer(watcher.child)
  }, 240_000)
})

describe("Farm's vitePlugins", () => {
  // Farm runs Vite plugins through an imitation of Vite's config, and its Rust side panicked
  // on the Vite plugin's hook filters: the Vite plugin refuses first, naming /farm.
  it('@toolreg/plugin/vite there fails the build with an error naming @toolreg/plugin/farm', async () => {
    const dir = await projectFrom(fixture('rsbuild-farm-app'), IN_REPO_TEMP)
    const config = path.join(dir, 'farm.config.ts')
    const text = await readFile(config, 'utf8')
    await writeFile(
      config,
      text
        .replace("import toolRegistry from '@toolreg/plugin/farm'", "import toolRegistry from '@toolreg/plugin/vite'")
        .replace('plugins: [toolRegistry()]', 'vitePlugins: [toolRegistry()]'),
    )
    expect(await readFile(config, 'utf8')).toContain('vitePlugins: [toolRegistry()]')
    const built = await run(process.execPath, bundlers.Farm.build(dir), IN_REPO_TEMP)
    const output = built.stdout + built.stderr
    expect(output).toContain('toolreg: @toolreg/plugin/vite is running in a host that emulates Vite plugins')
    expect(output).toContain("'@toolreg/plugin/farm'")
    expect(output).not.toContain('panicked')
    expect(existsSync(path.join(dir, 'dist/main.js'))).toBe(false)
  }, 60_000)
})

describe.skipIf(skipWithoutChromium('rsbuild-farm'))("Farm's dev server", () => {
  /** Thrown when Farm's process died of a signal (a crash of its native compiler), not of our code. */
  class FarmCrashed extends Error {}

  // Farm 1.7.11's dev server dies of SIGSEGV now and then during an update, at any step
  // (seen at the first page load too, before any edit). An attempt that ends so is printed
  // and run again on a fresh project and server, up to 3 attempts; any other failure fails
  // at once. The passing attempt checks every step on one server, without a restart.
  it('farm: an added and a renamed tool file reach the served page without a restart', async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await farmDevAttempt()
      } catch (error) {
        if (!(error instanceof FarmCrashed) || attempt === 3) throw error
        console.warn(`farm dev, attempt ${attempt}: Farm's process died (${error.message.split('\n')[0]}); again`)
      }
    }
  }, 400_000)

  async function farmDevAttempt(): Promise<void> {
    const dir = await projectFrom(fixture('rsbuild-farm-app'), IN_REPO_TEMP)
    const port = await freePort()
    const farm = [bin('@farmfe/cli/bin/farm.mjs'), '-c', 'farm.dev.config.ts', '--host', '127.0.0.1']
    const server = startServer(process.execPath, [...farm, '--port', `${port}`, '--strictPort'], dir, process.env)
    watchers.push(server)
    const browser = await launchChromium()
    browsers.push(browser)
    try {
      const page = await browser.newPage()
      /**
       * Loads the page until it shows `names`; fails after 60 s. Loaded afresh each time: the
       * page Farm reloads on an update can break when the next update lands during the reload.
       */
      const shows = async (names: string[]) => {
        const deadline = Date.now() + 60_000
        let last: unknown
        while (Date.now() < deadline) {
          if (server.child.exitCode !== null || server.child.signalCode !== null) break
          try {
            await page.goto(`http://127.0.0.1:${port}/`)
            await page.waitForFunction(() => document.getElementById('tools')?.textContent, null, { timeout: 5_000 })
            last = JSON.parse((await page.locator('#tools').textContent()) ?? '')
            if (JSON.stringify((last as Report).names) === JSON.stringify(names)) return last
          } catch (error) {
            last = (error as Error).message
          }
          await new Promise(resolve => setTimeout(resolve, 300))
        }
        const { exitCode, signalCode } = server.child
        const state = exitCode === null && signalCode === null ? 'running' : `exited (${signalCode ?? exitCode})`
        throw new (signalCode === null ? Error : FarmCrashed)(
          `the page never showed ${names.join(', ')}; last: ${JSON.stringify(last)}; the server ${state}\n${server.output()}`,
        )
      }
      expect(await shows(BASE)).toEqual({ names: BASE, add: '5' })

      await saveFile(dir, 'tools/later.ts', toolModule('added_later'))
      await shows(['add', 'added_later', ...BASE.slice(1)])
      // Renamed: the file moves and its tool takes a new name; the old name is gone.
      await rename(path.join(dir, 'tools/later.ts'), path.join(dir, 'tools/moved.ts'))
      await saveFile(dir, 'tools/moved.ts', toolModule('renamed_later'))
      await shows([...BASE.slice(0, 3), 'renamed_later', ...BASE.slice(3)])
    } finally {
      await browser.close()
      await stopServer(server.child)
    }
  }
})
