// @toolreg/plugin/bun with real Bun: `Bun.build({ plugins })` and `Bun.plugin()` in a preload
// for `bun run`; a duplicate name fails both with TR001 (the shared factory reports at build start).
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture } from '../packages/plugin/test/helpers.js'
import { run } from './helpers/run.js'
import { appReport, bunBin, projectFrom, SHARED_TOOLS_REPORT } from './helpers/runtimes.js'

afterAll(cleanupTemps)

const expected = SHARED_TOOLS_REPORT

const report = (args: string[], cwd: string) => appReport(bunBin(), args, cwd)

const duplicate =
  "import { registry } from '@toolreg/core'\nregistry.register({ name: 'add', toolset: 'misc', schema: { description: 'x' }, handler: () => '' })\n"

describe('@toolreg/plugin/bun', () => {
  it('Bun.build bundles the registry; the bundle answers with the tools and a dispatch', async () => {
    const dir = await projectFrom(fixture('bun-app'))
    const build = await run(bunBin(), ['build.ts'], dir)
    expect(build.stderr).toBe('')
    expect(build.code).toBe(0)
    expect(await report(['dist/main.js'], dir)).toEqual(expected)
  })

  it('Bun.plugin() in a preload: `bun run` resolves virtual:tool-registry', async () => {
    const dir = await projectFrom(fixture('bun-app'))
    expect(await report(['run', '--preload', './preload.ts', 'src/main.ts'], dir)).toEqual(expected)
  })

  it('a duplicate name fails Bun.build and `bun run` with TR001', async () => {
    const dir = await projectFrom(fixture('bun-app'))
    await writeFile(path.join(dir, 'tools/twin.ts'), duplicate)
    const build = await run(bunBin(), ['build.ts'], dir)
    expect(build.code).toBe(1)
    expect(build.stderr).toContain('error TR001: Duplicate tool name "add"')
    const runtime = await run(bunBin(), ['run', '--preload', './preload.ts', 'src/main.ts'], dir)
    expect(runtime.code).not.toBe(0)
    expect(runtime.stdout).not.toContain('TOOLREG_REPORT')
    expect(runtime.stderr).toContain('error TR001: Duplicate tool name "add"')
  })
})
