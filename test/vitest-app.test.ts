// Vitest with `@toolreg/plugin/vite` in its config: Vitest's own CLI runs the fixture's test
// (fixtures/vitest-app), which imports `virtual:tool-registry`, checks the registered names and
// dispatches one tool; a duplicate tool name fails the run with TR001 naming both files. The
// README's Vitest section shows the fixture's config.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture, repoRoot } from '../packages/plugin/test/helpers.js'
import { expectDuplicateFailure, run } from './helpers/run.js'
import { IN_REPO_TEMP, projectFrom } from './helpers/runtimes.js'
import { rm } from 'node:fs/promises'
import { type Server, saveFile, startServer, stopServer } from './helpers/servers.js'

const VITEST_BIN = path.join(repoRoot, 'node_modules/vitest/vitest.mjs')
const FIXTURE = fixture('vitest-app')

interface JsonReport {
  success: boolean
  testResults: { assertionResults: { fullName: string; status: string }[] }[]
}

afterAll(cleanupTemps)

/** `vitest run` of the project, from outside it (`--root`), with Vitest's JSON report. */
async function vitestRun(dir: string) {
  const outputFile = path.join(dir, 'vitest-report.json')
  const ran = await run(
    process.execPath,
    [VITEST_BIN, 'run', '--root', dir, '--reporter=json', `--outputFile=${outputFile}`],
    IN_REPO_TEMP,
    { ...process.env, NO_COLOR: '1' },
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

describe('Vitest with @toolreg/plugin/vite', () => {
  it("vitest run: the fixture's test sees the tools and a dispatch", async () => {
    const dir = await projectFrom(FIXTURE, IN_REPO_TEMP)
    const { ran, report } = await vitestRun(dir)
    expect(ran.code, ran.stdout + ran.stderr).toBe(0)
    const { success, testResults } = await report()
    expect(success).toBe(true)
    expect(testResults.flatMap(file => file.assertionResults.map(a => [a.fullName, a.status]))).toEqual([
      ['the registry holds the tools of tools/', 'passed'],
      ['dispatch runs a tool', 'passed'],
    ])
  })

  it('a duplicate tool name fails the run with TR001 naming both files', async () => {
    const dir = await projectFrom(FIXTURE, IN_REPO_TEMP)
    await saveFile(
      dir,
      'tools/add_again.ts',
      "import { registry } from '@toolreg/core'\n\nregistry.register({ name: 'add', toolset: 'util', schema: {}, handler: () => 'again' })\n",
    )
    const { ran, report } = await vitestRun(dir)
    expectDuplicateFailure(ran, ['tools/math.ts:7:1', 'tools/add_again.ts:3:1'])
    expect((await report()).success).toBe(false)
  })

  it('vitest watch: an added tool file re-runs the tests, which see it; once deleted, the next run does not', async () => {
    const dir = await projectFrom(FIXTURE, IN_REPO_TEMP)
    const watcher: Server = startServer(process.execPath, [VITEST_BIN, 'watch', '--root', dir], IN_REPO_TEMP, {
      ...process.env,
      NO_COLOR: '1',
    })
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
