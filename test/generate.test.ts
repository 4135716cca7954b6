// `toolreg generate`: the registry as a real file, run where no plugin reaches — Node after
// tsc (rewriteRelativeImportExtensions), Deno, Bun and an esbuild bundle — and its watch mode.
import { spawn } from 'node:child_process'
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture } from '../packages/plugin/test/helpers.js'
import { run, toolreg, toolregBin } from './helpers/run.js'
import { appReport, bunBin, denoBin, esbuildBin, projectFrom, tscBin, SHARED_TOOLS_REPORT } from './helpers/runtimes.js'

afterAll(cleanupTemps)

interface Report {
  names: string[]
  toolNames: string[]
  first: string
  sources: Record<string, string | null>
  manifestFiles: string[]
  add: unknown
}

/** The app's report line, or a failure with everything the command printed. */
const report = async (command: string, args: string[], cwd: string) => (await appReport(command, args, cwd)) as Report

const NAMES = SHARED_TOOLS_REPORT.names
const expected: Report = { ...SHARED_TOOLS_REPORT, first: 'add' }

describe('toolreg generate: the file runs everywhere', () => {
  let dir: string
  beforeAll(async () => {
    dir = await projectFrom(fixture('generate-app'))
    const r = await toolreg(['generate'], dir)
    expect(r).toMatchObject({ code: 0, stdout: 'wrote tool-registry.gen.ts, tool-registry.gen.sources.ts (4 tools)\n' })
  })

  it('imports each tool file by a relative path with its own extension, sources first, ToolName typed', async () => {
    const text = await readFile(path.join(dir, 'tool-registry.gen.ts'), 'utf8')
    const imports = [...text.matchAll(/^import .*?"(.+)"$/gm)].map(m => m[1])
    expect(imports).toEqual([
      '@toolreg/core',
      './tool-registry.gen.sources.ts',
      './tools/fetch_page.ts',
      './tools/math.ts',
      './tools/web_search.ts',
    ])
    expect(text).toContain("export type ToolName = 'add' | 'fetch_page' | 'multiply' | 'web_search'")
    expect(text).toContain('export const toolNames: readonly ToolName[] = ')
  })

  it('Node after tsc with rewriteRelativeImportExtensions (the type of ToolName checked)', async () => {
    const tsc = await run(process.execPath, [tscBin(), '-p', '.'], dir)
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.code).toBe(0)
    expect(await report(process.execPath, ['dist/src/main.js'], dir)).toEqual(expected)
  })

  it('Deno runs it as is', async () => {
    expect(
      await report(process.execPath, [denoBin(), 'run', '--allow-read', '--allow-env', 'src/main.ts'], dir),
    ).toEqual(expected)
  })

  it('Bun runs it as is', async () => {
    expect(await report(bunBin(), ['run', 'src/main.ts'], dir)).toEqual(expected)
  })

  it('esbuild bundles it (as wrangler would) and the bundle runs in Node', async () => {
    const out = path.join(dir, 'out/app.mjs')
    const b = await run(
      esbuildBin(),
      ['src/main.ts', '--bundle', '--platform=node', '--format=esm', `--outfile=${out}`, '--log-level=warning'],
      dir,
    )
    expect(b.stderr).toBe('')
    expect(await report(process.execPath, [out], dir)).toEqual(expected)
  })

  it('a second run writes nothing: the file is current', async () => {
    const file = path.join(dir, 'tool-registry.gen.ts')
    const before = (await stat(file)).mtimeMs
    const r = await toolreg(['generate'], dir)
    expect(r).toEqual({ code: 0, stdout: 'tool-registry.gen.ts is up to date (4 tools)\n', stderr: '' })
    expect((await stat(file)).mtimeMs).toBe(before)
  })
})

describe('toolreg generate: errors', () => {
  it('a duplicate name: exit 1 with TR001, the previous file stays', async () => {
    const dir = await projectFrom(fixture('generate-app'))
    expect((await toolreg(['generate', '--out', 'gen/registry.mts'], dir)).code).toBe(0)
    const before = await readFile(path.join(dir, 'gen/registry.mts'), 'utf8')
    expect(before).toContain('import * as __tool0 from "../tools/fetch_page.ts"')
    await writeFile(
      path.join(dir, 'tools/copy.ts'),
      "import { registry } from '@toolreg/core'\nregistry.register({ name: 'add', toolset: 'misc', schema: { description: 'x' }, handler: () => '' })\n",
    )
    const r = await toolreg(['generate', '--out', 'gen/registry.mts'], dir)
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('error TR001: Duplicate tool name "add"')
    expect(r.stderr).toContain('toolreg: generate: gen/registry.mts not written: the tool files have errors')
    expect(await readFile(path.join(dir, 'gen/registry.mts'), 'utf8')).toBe(before)
  })

  it('--watch is only for generate', async () => {
    const r = await toolreg(['check', '--watch'], fixture('generate-app'))
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--watch applies to `toolreg generate` only')
  })
})

describe('toolreg generate --watch', () => {
  it('rewrites the file on an added, a renamed and a deleted tool; a duplicate is printed once and keeps the file', async () => {
    const dir = await projectFrom(fixture('generate-app'))
    const child = spawn(process.execPath, [toolregBin, 'generate', '--watch'], { cwd: dir })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const until = async (what: string, test: () => boolean): Promise<void> => {
      for (let i = 0; i < 200 && !test(); i++) await new Promise(r => setTimeout(r, 50))
      if (!test()) throw new Error(`timed out waiting for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`)
    }
    const namesByBun = async () => (await report(bunBin(), ['run', 'src/main.ts'], dir)).names
    const gen = path.join(dir, 'tool-registry.gen.ts')
    const genText = () => readFile(gen, 'utf8')
    try {
      await until('watching', () => stdout.includes('watching tools for changes'))
      expect(await namesByBun()).toEqual(NAMES)

      const tool = (name: string) =>
        `import { registry } from '@toolreg/core'\nregistry.register({ name: '${name}', toolset: 'misc', schema: { description: '${name}' }, handler: () => '${name}' })\n`
      await writeFile(path.join(dir, 'tools/echo.ts'), tool('echo'))
      await until('the added tool', () => stdout.includes('(5 tools)'))
      expect(await genText()).toContain('"./tools/echo.ts"')
      expect(await namesByBun()).toEqual(['add', 'echo', 'fetch_page', 'multiply', 'web_search'])

      await rename(path.join(dir, 'tools/echo.ts'), path.join(dir, 'tools/shout.ts'))
      await until('the renamed file', () => stdout.split('\n').filter(l => l.startsWith('wrote')).length >= 3)
      expect(await genText()).toContain('"./tools/shout.ts"')
      expect(await genText()).not.toContain('echo.ts')
      expect(await namesByBun()).toEqual(['add', 'echo', 'fetch_page', 'multiply', 'web_search'])

      const beforeDuplicate = await genText()
      await writeFile(path.join(dir, 'tools/twin.ts'), tool('add'))
      await until('TR001', () => stderr.includes('TR001'))
      // A second event on the broken state prints nothing new.
      await writeFile(path.join(dir, 'tools/twin.ts'), tool('add') + '// saved again\n')
      await new Promise(r => setTimeout(r, 500))
      expect(stderr.match(/error TR001/g)).toHaveLength(1)
      expect(await genText()).toBe(beforeDuplicate)

      await writeFile(path.join(dir, 'tools/twin.ts'), tool('twin'))
      await until('the fix', () => stdout.includes('(6 tools)'))
      expect(await namesByBun()).toEqual(['add', 'echo', 'fetch_page', 'multiply', 'twin', 'web_search'])

      await rm(path.join(dir, 'tools/shout.ts'))
      await until('the deleted file', () => (stdout.match(/^wrote .*\(5 tools\)$/gm) ?? []).length >= 3)
      expect(await genText()).not.toContain('shout.ts')
      expect(await namesByBun()).toEqual(['add', 'fetch_page', 'multiply', 'twin', 'web_search'])
    } finally {
      child.kill('SIGTERM')
    }
    const code = await new Promise(resolve => child.on('close', resolve))
    expect(code).toBe(0)
  })
})
