// @toolreg/plugin/bun with real Bun: `Bun.build({ plugins })` and `Bun.plugin()` in a preload
// for `bun run`; a duplicate name fails both with TR001 (the shared factory reports at build start).
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture } from '../packages/plugin/test/helpers.js'
import { run } from './helpers/run.js'
import { bunBin, projectFrom } from './helpers/runtimes.js'

afterAll(cleanupTemps)

const expected = {
  names: ['add', 'fetch_page', 'multiply', 'web_search'],
  toolNames: ['add', 'fetch_page', 'multiply', 'web_search'],
  sources: {
    fetch_page: 'tools/fetch_page.ts:9:26',
    add: 'tools/math.ts:7:1',
    multiply: 'tools/math.ts:14:1',
    web_search: 'tools/web_search.ts:4:1',
  },
  manifestFiles: ['tools/fetch_page.ts', 'tools/math.ts', 'tools/web_search.ts'],
  add: '5',
}

async function report(args: string[], cwd: string): Promise<unknown> {
  const r = await run(bunBin(), args, cwd)
  const line = r.stdout.split('\n').find(l => l.startsWith('TOOLREG_REPORT '))
  if (r.code !== 0 || !line) throw new Error(`bun ${args.join(' ')} exited ${r.code}\n${r.stdout}\n${r.stderr}`)
  return JSON.parse(line.slice('TOOLREG_REPORT '.length))
}

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
