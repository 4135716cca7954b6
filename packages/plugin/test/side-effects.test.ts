// How a Rollup-family build imports tool files: by plain path when nothing can mark them
// side-effect free (the bundler then never calls into the plugin for them), else through
// a companion id resolved with `moduleSideEffects: true`. Whether the tools survive each
// case is tested in every bundler (test/bundlers.test.ts); this tests which way each file goes.
import { mkdir, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { rolldown } from 'rolldown'
import rolldownToolRegistry from '@toolreg/plugin/rolldown'
import { createSideEffectsFieldLookup, treeshakeKeepsSideEffects } from '../src/bundlers/rollup-like/side-effects.js'
import { cleanupTemps, copyFixture, tempDir } from './helpers.js'

afterAll(cleanupTemps)

describe('treeshakeKeepsSideEffects', () => {
  it('keeps side-effect imports only under the default module side effects', () => {
    for (const keeps of [undefined, null, true, false, {}, { moduleSideEffects: true }, { annotations: false }]) {
      expect(treeshakeKeepsSideEffects(keeps), JSON.stringify(keeps)).toBe(true)
    }
    const drops: unknown[] = [
      { moduleSideEffects: false },
      { moduleSideEffects: 'no-external' },
      { moduleSideEffects: ['a'] },
      { moduleSideEffects: [{ test: /x/, sideEffects: false }] },
      { moduleSideEffects: () => true },
      { preset: 'smallest' },
      'smallest',
    ]
    for (const t of drops) expect(treeshakeKeepsSideEffects(t), String(t)).toBe(false)
  })
})

describe('createSideEffectsFieldLookup', () => {
  it('sees a sideEffects field other than true in any ancestor package.json', async () => {
    const root = await tempDir('toolreg-side-effects-')
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true })
      await writeFile(path.join(root, file), text)
    }
    await write('plain/package.json', '{ "name": "plain" }')
    await write('yes/package.json', '{ "sideEffects": true }')
    await write('no/package.json', '{ "sideEffects": false }')
    await write('no/inner/package.json', '{ "name": "inner" }')
    await write('list/package.json', '{ "sideEffects": ["*.css"] }')
    await write('broken/package.json', '{ "sideEffects": ')
    await write('mentions/package.json', '{ "description": "no sideEffects here" }')
    const field = createSideEffectsFieldLookup()
    const at = (dir: string) => field(path.join(root, dir, 'tools/x.ts'))
    expect(at('plain')).toBe(false)
    expect(at('yes')).toBe(false)
    expect(at('mentions')).toBe(false)
    expect(at('no')).toBe(true)
    expect(at('no/inner')).toBe(true)
    expect(at('list')).toBe(true)
    expect(at('broken')).toBe(true)
  })
})

describe('a Rolldown build', () => {
  /** Build the fixture app; the ids the plugin's resolveId was asked for. */
  async function resolvedIds(
    root: string,
    treeshake: object | boolean = true,
    entry = 'src/main.ts',
  ): Promise<string[]> {
    const plugin = rolldownToolRegistry({ dirs: ['tools', 'vendor/weather/tools'], dts: false, manifest: false })
    const resolveId = plugin.resolveId as { filter: unknown; handler: (id: string) => unknown }
    const asked: string[] = []
    plugin.resolveId = {
      filter: resolveId.filter,
      handler(id: string) {
        asked.push(id)
        return resolveId.handler(id)
      },
    } as typeof plugin.resolveId
    const bundle = await rolldown({
      input: path.join(root, entry),
      cwd: root,
      plugins: [plugin],
      treeshake,
      logLevel: 'silent',
    })
    const { output } = await bundle.generate({ format: 'es' })
    await bundle.close()
    expect(output[0].code).toContain('get_forecast')
    expect(output[0].code).toContain('web_search')
    code = output[0].code
    return asked
  }
  let code = ''
  const fileIds = (ids: string[]) => ids.filter(id => id.includes(':file:'))

  it('imports tool files by plain path, except under a "sideEffects" package.json', async () => {
    const root = await copyFixture('build-app')
    const asked = await resolvedIds(root)
    // vendor/weather/package.json says "sideEffects": false: only its file goes through a companion.
    expect(fileIds(asked)).toHaveLength(1)
    expect(asked.filter(id => !id.includes(':file:')).sort()).toEqual([
      'virtual:tool-registry',
      expect.stringMatching(/^virtual:tool-registry:sources:/),
    ])
  })

  it('keeps the manifest (one JSON string) only when the app imports it', async () => {
    const root = await copyFixture('build-app')
    await resolvedIds(root)
    // The bundler may print the string literal with other quotes: `\"` inside.
    const manifestJson = /\\?"files\\?":\[\\?"tools\/fetch_page\.ts/
    expect(code).toMatch(manifestJson)
    await writeFile(
      path.join(root, 'src/registry-only.ts'),
      "import { registry } from 'virtual:tool-registry'\nconsole.log(registry.getAllToolNames())\n",
    )
    await resolvedIds(root, true, 'src/registry-only.ts')
    expect(code).not.toMatch(manifestJson)
    expect(code).not.toMatch(/\\?"version\\?":1/)
  })

  it('imports every tool file through a companion under treeshake.moduleSideEffects: false', async () => {
    const root = await copyFixture('build-app')
    expect(fileIds(await resolvedIds(root, { moduleSideEffects: false }))).toHaveLength(4)
  })
})
