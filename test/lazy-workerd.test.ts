// `lazy: true` in a code-split Worker build run by workerd: the definitions are there at
// start, no lazy module has run, and a tool's first dispatch evaluates exactly its module
// (once for two concurrent calls). With workerd's default module registry and with
// `new_module_registry` (modules compiled on first import: the lazy Worker's fast start).
import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import toolRegistry from '@toolreg/plugin/vite'
import { tempDir } from './helpers/examples-env.ts'
import { getJson, postJson, startWorkerd, type WorkerdServer } from './helpers/workerd.ts'

const ROOT = resolve(import.meta.dirname, 'fixtures/build-lazy')

interface State {
  names?: string[]
  results?: string[]
  pending: Record<string, boolean>
  events?: string[]
}

describe.each([[[]], [['new_module_registry']]])(
  'lazy tools in workerd, compatibility flags %j',
  (compatibilityFlags: string[]) => {
    let out: Awaited<ReturnType<typeof tempDir>>
    let worker: WorkerdServer
    let files: string[]

    beforeAll(async () => {
      out = await tempDir('lazy-workerd')
      await build({
        root: ROOT,
        configFile: false,
        logLevel: 'silent',
        plugins: [toolRegistry({ lazy: true, dts: false, manifest: false })],
        ssr: { noExternal: true, target: 'webworker' },
        build: {
          ssr: 'src/worker.ts',
          outDir: out.path,
          emptyOutDir: true,
          rolldownOptions: { output: { format: 'es', entryFileNames: 'worker.js', codeSplitting: true } },
        },
      })
      files = (await readdir(out.path, { recursive: true })).filter(f => f.endsWith('.js'))
      worker = await startWorkerd({
        bundle: join(out.path, 'worker.js'),
        chunks: files.filter(f => f !== 'worker.js'),
        compatibilityFlags,
      })
    }, 120_000)

    afterAll(async () => {
      await worker?.stop()
      await out?.remove()
    })

    it('is code-split: the lazy handlers live outside worker.js', async () => {
      const entry = await readFile(join(out.path, 'worker.js'), 'utf8')
      expect(entry).not.toContain('HANDLER_ALPHA_MARK')
      expect(entry).not.toContain('HANDLER_BETA_MARK')
      expect(entry).toContain('HANDLER_EAGER_MARK')
      expect(files.length).toBeGreaterThanOrEqual(3)
    })

    it('starts with every definition and no lazy module evaluated; a first call evaluates only its module, once', async () => {
      const start = (await getJson<State>(worker.url)).body
      expect(start.names).toEqual(['alpha', 'beta_one', 'beta_two', 'eager_tool'])
      expect(start.pending).toEqual({ alpha: true, beta_one: true, beta_two: true, eager_tool: false })
      const first = (
        await postJson<State>(worker.url, [
          ['alpha', { x: 1 }],
          ['alpha', { x: 2 }],
        ])
      ).body
      expect(first.results).toEqual(['HANDLER_ALPHA_MARK 1', 'HANDLER_ALPHA_MARK 2'])
      expect(first.pending).toEqual({ alpha: false, beta_one: true, beta_two: true, eager_tool: false })
      expect(first.events).toEqual(['register:alpha'])
      const second = (
        await postJson<State>(worker.url, [
          ['beta_two', {}],
          ['alpha', { x: 3 }],
        ])
      ).body
      expect(second.results).toEqual(['HANDLER_BETA_MARK two', 'HANDLER_ALPHA_MARK 3'])
      expect(second.events).toEqual(['register:beta_one', 'register:beta_two'])
    })
  },
)
