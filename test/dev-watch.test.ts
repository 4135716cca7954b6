// Watch builds pick up an added tool file: `vite build --watch` (Rolldown's watcher)
// and `rollup -w` both rebuild, and the rebuilt bundle registers the new tool.
import { spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { build } from 'vite'
import { watch } from 'rollup'
import esbuild from 'rollup-plugin-esbuild'
import viteToolRegistry from '@toolreg/plugin/vite'
import rollupToolRegistry from '@toolreg/plugin/rollup'

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/build-dynamic')
const require = createRequire(import.meta.url)
const CORE_DIR = path.resolve(path.dirname(require.resolve('@toolreg/core')), '..')

const NEW_TOOL = `import { registry } from '@toolreg/core'

registry.register({ name: 'added_later', toolset: 'util', schema: {}, handler: () => 'late' })
`

/** The minimal event surface shared by Rollup's and Rolldown's watchers. */
interface Watcher {
  on(
    event: 'event',
    listener: (event: { code: string; error?: unknown; result?: { close(): unknown } | null }) => void,
  ): unknown
  close(): unknown
}

/** Resolves with each successful build end, rejects on a build error. */
function buildEnds(watcher: Watcher): () => Promise<void> {
  const waiting: { resolve: () => void; reject: (error: unknown) => void }[] = []
  let ended = 0
  watcher.on('event', event => {
    void event.result?.close()
    if (event.code === 'END') {
      ended++
      waiting.shift()?.resolve()
    }
    if (event.code === 'ERROR') waiting.shift()?.reject(event.error)
  })
  let seen = 0
  return () => {
    seen++
    if (ended >= seen) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no rebuild within 60 s')), 60_000)
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => (clearTimeout(timer), fn(value))
      waiting.push({ resolve: settle(resolve), reject: settle(reject) })
    })
  }
}

function runNames(entry: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', chunk => (out += chunk))
    child.on('error', reject)
    child.on('close', code => {
      const line = out.split('\n').find(l => l.startsWith('TOOLREG_REPORT '))
      if (code !== 0 || !line) return reject(new Error(`exit ${code}: ${out}`))
      resolve((JSON.parse(line.slice('TOOLREG_REPORT '.length)) as { names: string[] }).names)
    })
  })
}

let tmp: string
let watcher: Watcher | undefined

/**
 * Add a file the way an editor saves it: the whole content appears at once. A plain
 * `writeFile` creates an empty file first, and a rebuild the watcher starts in that
 * moment rightly lacks the tool; the test would read that build and fail.
 */
async function addFile(file: string, content: string) {
  const staging = path.join(tmp, `.staging-${path.basename(file)}`)
  await writeFile(staging, content)
  await rename(staging, path.join(tmp, file))
}

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'toolreg-watch-'))
  await cp(FIXTURE, tmp, { recursive: true })
  await mkdir(path.join(tmp, 'node_modules/@toolreg'), { recursive: true })
  await symlink(CORE_DIR, path.join(tmp, 'node_modules/@toolreg/core'), 'dir')
})

afterEach(async () => {
  await watcher?.close()
  watcher = undefined
  await rm(tmp, { recursive: true, force: true })
})

describe('watch builds', () => {
  it('vite build --watch rebuilds with an added tool file', async () => {
    const outDir = path.join(tmp, 'dist')
    watcher = (await build({
      root: tmp,
      configFile: false,
      logLevel: 'silent',
      plugins: [viteToolRegistry({ dts: false })],
      build: {
        outDir,
        minify: false,
        watch: {},
        lib: { entry: 'src/main.ts', formats: ['es'], fileName: () => 'main.mjs' },
      },
    })) as unknown as Watcher
    const nextEnd = buildEnds(watcher!)
    await nextEnd()
    expect(await runNames(path.join(outDir, 'main.mjs'))).toEqual(['echo', 'greet_en', 'greet_fr'])
    await addFile('tools/added_later.ts', NEW_TOOL)
    await nextEnd()
    expect(await runNames(path.join(outDir, 'main.mjs'))).toEqual(['added_later', 'echo', 'greet_en', 'greet_fr'])
  })

  it('rollup -w rebuilds with an added tool file', async () => {
    const outDir = path.join(tmp, 'dist')
    const rollupWatcher = watch({
      input: path.join(tmp, 'src/main.ts'),
      plugins: [
        rollupToolRegistry({ root: tmp, dts: false }),
        {
          name: 'resolve-workspace',
          resolveId: (id: string) => (id === '@toolreg/core' ? require.resolve('@toolreg/core') : null),
        },
        esbuild({ target: 'es2022' }),
      ],
      onwarn: () => {},
      output: { dir: outDir, format: 'es', entryFileNames: 'main.mjs' },
    })
    watcher = rollupWatcher as unknown as Watcher
    const nextEnd = buildEnds(watcher)
    await nextEnd()
    expect(await runNames(path.join(outDir, 'main.mjs'))).toEqual(['echo', 'greet_en', 'greet_fr'])
    await addFile('tools/added_later.ts', NEW_TOOL)
    await nextEnd()
    expect(await runNames(path.join(outDir, 'main.mjs'))).toEqual(['added_later', 'echo', 'greet_en', 'greet_fr'])
  })
})
