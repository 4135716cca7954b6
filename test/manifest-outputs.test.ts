// The manifest lists every tool's file and line: it is emitted into server and SSR builds, and
// into an output a web server publishes (a Vite client build's `dist/`, webpack's or Rspack's
// `target: 'web'`) only when the user names its file with the `manifest` option.
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from 'vite'
import type { ToolRegistryOptions } from '@toolreg/plugin'
import viteToolRegistry from '@toolreg/plugin/vite'
import webpackToolRegistry from '@toolreg/plugin/webpack'
import rspackToolRegistry from '@toolreg/plugin/rspack'
import esbuildToolRegistry from '@toolreg/plugin/esbuild'
import { rspackTypeScript } from './helpers/rspack.js'
import { run } from './helpers/run.js'
import { bunBin } from './helpers/runtimes.js'

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/build-dynamic')
const require = createRequire(import.meta.url)
const CORE_DIR = path.resolve(path.dirname(require.resolve('@toolreg/core')), '..')
const PLUGIN_DIR = path.resolve(path.dirname(require.resolve('@toolreg/plugin')), '..')

let tmp: string
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'toolreg-manifest-'))
  await cp(FIXTURE, tmp, { recursive: true })
  await mkdir(path.join(tmp, 'node_modules/@toolreg'), { recursive: true })
  await symlink(CORE_DIR, path.join(tmp, 'node_modules/@toolreg/core'), 'dir')
  await symlink(PLUGIN_DIR, path.join(tmp, 'node_modules/@toolreg/plugin'), 'dir')
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

async function viteBuild(outDir: string, ssr: boolean, options: ToolRegistryOptions = {}): Promise<string[]> {
  await build({
    root: tmp,
    configFile: false,
    logLevel: 'silent',
    plugins: [viteToolRegistry({ dts: false, ...options })],
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      ...(ssr ? { ssr: 'src/main.ts' } : { rolldownOptions: { input: path.join(tmp, 'src/main.ts') } }),
    },
  })
  return readdir(outDir, { recursive: true })
}

describe('Vite', () => {
  it('a client build publishes no manifest', async () => {
    const files = await viteBuild(path.join(tmp, 'dist'), false)
    expect(files.some(f => f.endsWith('.js'))).toBe(true)
    expect(files.filter(f => f.endsWith('.json'))).toEqual([])
  })

  it('an SSR build emits it', async () => {
    const files = await viteBuild(path.join(tmp, 'dist-ssr'), true)
    expect(files).toContain('tool-manifest.json')
  })

  it('a client build emits it when the user names the file', async () => {
    const files = await viteBuild(path.join(tmp, 'dist-named'), false, { manifest: 'tools.json' })
    expect(files).toContain('tools.json')
  })
})

type Target = 'web' | 'node20'
const webpackLike = {
  async webpack(outDir: string, target: Target) {
    const { default: webpack } = await import('webpack')
    return webpack({
      mode: 'production',
      context: tmp,
      entry: './src/main.ts',
      target,
      devtool: false,
      output: { path: outDir, filename: 'main.js' },
      resolve: { extensions: ['.ts', '.js'] },
      module: { rules: [{ test: /\.ts$/, loader: require.resolve('esbuild-loader'), options: { target: 'es2022' } }] },
      plugins: [webpackToolRegistry({ dts: false })],
      infrastructureLogging: { level: 'none' },
    })
  },
  async rspack(outDir: string, target: Target) {
    const { rspack } = await import('@rspack/core')
    return rspack({
      mode: 'production',
      context: tmp,
      entry: './src/main.ts',
      target,
      devtool: false,
      output: { path: outDir, filename: 'main.js' },
      ...rspackTypeScript,
      plugins: [rspackToolRegistry({ dts: false })],
      infrastructureLogging: { level: 'none' },
    })
  },
}

interface RunnableCompiler {
  run(callback: (error: Error | null, stats?: { hasErrors(): boolean; toString(): string }) => void): void
  close(callback: () => void): void
}

function compile(compiler: RunnableCompiler): Promise<void> {
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) =>
      compiler.close(() =>
        error ? reject(error) : stats?.hasErrors() ? reject(new Error(stats.toString())) : resolve(),
      ),
    ),
  )
}

describe.each(['webpack', 'rspack'] as const)('%s', bundler => {
  it.each([
    ['web', false],
    ['node20', true],
  ] as const)('target %s: manifest emitted %s', async (target, emitted) => {
    const outDir = path.join(tmp, `${bundler}-${target}`)
    await compile((await webpackLike[bundler](outDir, target)) as unknown as RunnableCompiler)
    expect(existsSync(path.join(outDir, 'main.js'))).toBe(true)
    expect(existsSync(path.join(outDir, 'tool-manifest.json'))).toBe(emitted)
  })
})

// esbuild's default `platform` is 'browser', Bun.build's default `target` is 'browser': both
// build what a web server publishes, as a Vite client build.
describe('esbuild (trust #20)', () => {
  async function esbuildFiles(name: string, platform: 'browser' | 'node' | 'neutral' | undefined, options = {}) {
    const { build: esbuild } = await import('esbuild')
    const outdir = path.join(tmp, name)
    await esbuild({
      absWorkingDir: tmp,
      entryPoints: ['src/main.ts'],
      bundle: true,
      format: 'esm',
      outdir,
      logLevel: 'silent',
      ...(platform === undefined ? {} : { platform }),
      plugins: [esbuildToolRegistry({ dts: false, ...options })],
    })
    return readdir(outdir)
  }

  it.each([
    ['unset (browser)', false, undefined],
    ['browser', false, 'browser'],
    ['node', true, 'node'],
    ['neutral', true, 'neutral'],
  ] as const)('platform %s: manifest emitted %s (trust #20)', async (label, emitted, platform) => {
    const files = await esbuildFiles(`esbuild-${label.split(' ')[0]}`, platform)
    expect(files).toContain('main.js')
    expect(files.includes('tool-manifest.json')).toBe(emitted)
  })

  it('a browser build emits it when the user names the file (trust #20)', async () => {
    expect(await esbuildFiles('esbuild-named', undefined, { manifest: 'tools.json' })).toContain('tools.json')
  })
})

describe('Bun.build (trust #20)', () => {
  async function bunFiles(name: string, target: 'browser' | 'bun' | 'node' | undefined, options = {}) {
    const script = path.join(tmp, `build-${name}.ts`)
    const config = { entrypoints: ['src/main.ts'], outdir: name, ...(target === undefined ? {} : { target }) }
    await writeFile(
      script,
      [
        "import toolRegistry from '@toolreg/plugin/bun'",
        `const result = await Bun.build({ ...${JSON.stringify(config)}, plugins: [toolRegistry(${JSON.stringify({ dts: false, ...options })})] })`,
        'if (!result.success) { console.error(result.logs.join("\\n")); process.exit(1) }',
      ].join('\n'),
    )
    const built = await run(bunBin(), [script], tmp)
    expect(built.code, built.stderr).toBe(0)
    return readdir(path.join(tmp, name))
  }

  it.each([
    ['unset (browser)', false, undefined],
    ['browser', false, 'browser'],
    ['bun', true, 'bun'],
    ['node', true, 'node'],
  ] as const)('target %s: manifest emitted %s (trust #20)', async (label, emitted, target) => {
    const files = await bunFiles(`bun-${label.split(' ')[0]}`, target)
    expect(files).toContain('main.js')
    expect(files.includes('tool-manifest.json')).toBe(emitted)
  })

  it('a browser build emits it when the user names the file (trust #20)', async () => {
    expect(await bunFiles('bun-named', undefined, { manifest: 'tools.json' })).toContain('tools.json')
  })
})
