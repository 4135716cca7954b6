// One configuration for the plugin and the CLI: toolreg.config.* or package.json#toolreg,
// read by both, inline options and flags on top; `toolreg types`; `--version`.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { resolveProjectOptions } from '@toolreg/plugin'
import viteToolRegistry from '@toolreg/plugin/vite'
import rollupToolRegistry from '@toolreg/plugin/rollup'
import rolldownToolRegistry from '@toolreg/plugin/rolldown'
import esbuildToolRegistry from '@toolreg/plugin/esbuild'
import webpackToolRegistry from '@toolreg/plugin/webpack'
import rspackToolRegistry from '@toolreg/plugin/rspack'
import { cleanupTemps, tempDir } from '../packages/plugin/test/helpers.js'
import { toolreg } from './helpers/run.js'

afterEach(cleanupTemps)

const workspaceTemps: string[] = []
async function workspaceTemp(): Promise<string> {
  const base = fileURLToPath(new URL('.tmp/', import.meta.url))
  await mkdir(base, { recursive: true })
  const dir = await mkdtemp(path.join(base, 'config-'))
  workspaceTemps.push(dir)
  return dir
}
afterAll(() => Promise.all(workspaceTemps.map(dir => rm(dir, { recursive: true, force: true }))))

const tool = (name: string) =>
  `import { registry } from '@toolreg/core'\n\nregistry.register({ name: '${name}', toolset: 'math', handler: () => '${name}' })\n`

/** A project whose tool `2add` is fine under `openai` names and a TR003 under the default `portable`. */
async function project(files: Record<string, string>, inWorkspace = false): Promise<string> {
  // A build resolves '@toolreg/core' from node_modules: such a project lives under test/.tmp.
  const root = inWorkspace ? await workspaceTemp() : await tempDir('toolreg-config-')
  const all = { 'src/tools/add.ts': tool('2add'), 'src/tools/sub.ts': tool('sub'), ...files }
  for (const [file, text] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), text)
  }
  return root
}

describe('the shared configuration', () => {
  it('toolreg.config.json: the CLI applies its dirs and name rule; flags override it', async () => {
    const root = await project({ 'toolreg.config.json': JSON.stringify({ dirs: ['src/tools'], names: 'openai' }) })
    expect(await toolreg(['check'], root)).toMatchObject({
      code: 0,
      stdout: '0 errors and 0 warnings in 2 tool files (2 tools)\n',
    })
    const portable = await toolreg(['check', '--names', 'portable', '--format', 'github'], root)
    expect(portable.code).toBe(1)
    expect(portable.stdout).toMatch(/^::error file=src\/tools\/add\.ts,line=3,col=\d+,title=TR003::/)
  })

  it('package.json#toolreg, a /regexp/ name rule in JSON, strict', async () => {
    const root = await project({
      'package.json': JSON.stringify({
        name: 'app',
        toolreg: { dirs: ['src/tools', 'missing'], names: '/^[0-9a-z]+$/', strict: true },
      }),
    })
    const r = await toolreg(['check', '--format', 'json'], root)
    // `missing` is a TR007 warning made an error by strict; the names pass the RegExp.
    expect(r.code).toBe(1)
    expect(
      JSON.parse(r.stdout).diagnostics.map((d: { code: string; severity: string }) => `${d.code} ${d.severity}`),
    ).toEqual(['TR007 error'])
  })

  it('toolreg.config.mjs with defineConfig and a RegExp; --config picks another file', async () => {
    const plugin = pathToPlugin()
    const root = await project({
      'toolreg.config.mjs': `import { defineConfig } from ${JSON.stringify(plugin)}\nexport default defineConfig({ dirs: ['src/tools'], names: /^\\w+$/ })\n`,
      'ci/strict.json': JSON.stringify({ dirs: ['src/tools'] }),
    })
    expect((await toolreg(['check'], root)).code).toBe(0)
    expect((await toolreg(['check', '--config', 'ci/strict.json'], root)).code).toBe(1)
    expect(resolveProjectOptions({}, root)).toMatchObject({ root, dirs: ['src/tools'], names: /^\w+$/ })
    expect(resolveProjectOptions({ config: false }, root)).toMatchObject({ dirs: ['tools'], names: 'portable' })
  })

  it('a config file with an unknown key, a root key or a bad value: exit 2 with one message', async () => {
    const typo = await project({ 'toolreg.config.json': JSON.stringify({ dir: ['src/tools'] }) })
    const r = await toolreg(['check'], typo)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('toolreg.config.json: unknown option "dir"')
    const rooted = await project({ 'toolreg.config.json': JSON.stringify({ root: '..' }) })
    expect((await toolreg(['check'], rooted)).stderr).toContain('"root" cannot be configured here')
    const bad = await project({ 'toolreg.config.json': JSON.stringify({ names: 'bogus' }) })
    expect(await toolreg(['list'], bad)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown rule "bogus"'),
    })
  })

  it('a Vite build reads the same file; inline plugin options override it', async () => {
    const { build } = await import('vite')
    const root = await project(
      {
        'toolreg.config.json': JSON.stringify({ dirs: ['src/tools'], names: 'openai', dts: false }),
        'src/main.ts': `import { toolNames } from 'virtual:tool-registry'\nconsole.log(JSON.stringify(toolNames))\n`,
      },
      true,
    )
    const viteBuild = (names?: 'portable') =>
      build({
        root,
        logLevel: 'silent',
        configFile: false,
        plugins: [viteToolRegistry(names ? { names } : undefined)],
        build: { ssr: 'src/main.ts', outDir: 'dist', ssrEmitAssets: true },
        ssr: { noExternal: true },
      })
    await viteBuild()
    expect(
      JSON.parse(await readFile(path.join(root, 'dist/tool-manifest.json'), 'utf8')).tools.map(
        (t: { name: string }) => t.name,
      ),
    ).toEqual(['2add', 'sub'])
    await expect(viteBuild('portable')).rejects.toThrow(/src\/tools\/add\.ts:3:\d+ - error TR003/)
  })
})

describe('options are checked where the plugin is created', () => {
  const entries = {
    viteToolRegistry,
    rollupToolRegistry,
    rolldownToolRegistry,
    esbuildToolRegistry,
    webpackToolRegistry,
    rspackToolRegistry,
  }
  for (const [name, create] of Object.entries(entries)) {
    it(`${name}({ names: 'bogus' }) throws a TypeError`, () => {
      expect(() => create({ names: 'bogus' as 'portable' })).toThrow(TypeError)
      expect(() => create({ dirs: 'tools' as unknown as string[] })).toThrow(/option "dirs"/)
    })
  }
})

describe('toolreg types', () => {
  it('writes the .d.ts where the config says; --check exits 1 when stale; check warns', async () => {
    const root = await project({
      'toolreg.config.json': JSON.stringify({ dirs: ['src/tools'], names: 'openai', dts: 'src/tool-registry.d.ts' }),
    })
    expect(await toolreg(['types', '--check'], root)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('src/tool-registry.d.ts is missing'),
    })
    expect(await toolreg(['types'], root)).toMatchObject({ code: 0, stdout: 'wrote src/tool-registry.d.ts\n' })
    expect(await readFile(path.join(root, 'src/tool-registry.d.ts'), 'utf8')).toContain(
      "export type ToolName = '2add' | 'sub'",
    )
    expect(await toolreg(['types', '--check'], root)).toMatchObject({
      code: 0,
      stdout: 'src/tool-registry.d.ts is up to date\n',
    })
    expect(await toolreg(['check'], root)).toMatchObject({ code: 0, stderr: '' })

    await writeFile(path.join(root, 'src/tools/mul.ts'), tool('mul'))
    expect((await toolreg(['types', '--check'], root)).code).toBe(1)
    const text = await toolreg(['check'], root)
    expect(text).toMatchObject({
      code: 0,
      stderr: expect.stringContaining('toolreg: warning: src/tool-registry.d.ts is out of date'),
    })
    const github = await toolreg(['check', '--format', 'github'], root)
    expect(github.stdout).toMatch(
      /^::warning file=src\/tool-registry\.d\.ts,title=toolreg types::src\/tool-registry\.d\.ts is out of date/,
    )
    expect(github.code).toBe(0)
  })

  it('--version prints the package version; --check belongs to types', async () => {
    const { version } = JSON.parse(await readFile(new URL('../packages/plugin/package.json', import.meta.url), 'utf8'))
    const root = await project({})
    expect(await toolreg(['--version'], root)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
    expect((await toolreg(['check', '--check'], root)).code).toBe(2)
  })
})

function pathToPlugin(): string {
  return fileURLToPath(new URL('../packages/plugin/dist/index.js', import.meta.url))
}
