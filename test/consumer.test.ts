// The packages as a stranger gets them: `npm pack` the three, lint the tarballs (publint
// --strict, attw --profile esm-only, `npm publish --dry-run`), install them with npm into
// a project under the OS temp dir — no workspace link — and use it as documented: a Vite
// build and a CommonJS webpack config, the built bundles run, `toolreg check` reading the
// same toolreg.config.json as the builds, and a fresh checkout that type-checks after
// `toolreg types` (skipLibCheck: false).
//
// Only the bundler tooling is borrowed from the workspace (installing it from the registry
// takes minutes): vite, webpack, esbuild-loader, typescript and @rspack/core are symlinked
// into the project's node_modules after `npm install`. Everything @toolreg/* and its
// dependencies come from the tarballs and the registry (npm's cache first).
import { cp, lstat, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run as runProcess, type Run } from './helpers/run.js'

const WORKSPACE = path.resolve(import.meta.dirname, '..')
const PACKAGES = ['core', 'plugin', 'mcp'] as const
const BORROWED = ['vite', 'webpack', 'esbuild-loader', 'typescript', '@rspack/core']
const LONG = 600_000

/** npm's own variables (set by `npm test`) would leak the workspace into the child npm. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1', FORCE_COLOR: '0' }
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_|^INIT_CWD$/i.test(key)) env[key] = value
  env.NO_COLOR = '1'
  return env
}

const run = (command: string, args: string[], cwd: string): Promise<Run> => runProcess(command, args, cwd, cleanEnv())

const node = (args: string[], cwd: string) => run(process.execPath, args, cwd)
const npm = (args: string[], cwd: string) => run('npm', args, cwd)
const bin = (name: string) => path.join(WORKSPACE, 'node_modules/.bin', name)

let tmp: string
let app: string
const tarballs = {} as Record<
  (typeof PACKAGES)[number],
  { file: string; size: number; unpackedSize: number; files: string[] }
>

const tool = (name: string, toolset: string) => `import { registry } from '@toolreg/core'

registry.register({
  name: '${name}',
  toolset: '${toolset}',
  schema: { description: 'The ${name} tool', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } },
  handler: (args) => String(Number(args.a ?? 0) + Number(args.b ?? 0)),
})
`

/** The project as its author commits it (no node_modules, no build output, no .d.ts). */
const SOURCES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'consumer-app', version: '1.0.0', private: true }, null, 2),
  // `2add` is a valid OpenAI name but breaks the default (portable) rule: TR003 without this file.
  'toolreg.config.json': JSON.stringify({ names: 'openai' }),
  'tools/add.ts': tool('2add', 'math'),
  'tools/echo.ts': tool('echo', 'text'),
  // A field of the tool layer, part of every registry: nothing to install.
  'tools/rm.ts': tool('rm', 'fs').replace('  handler:', '  needsApproval: true,\n  handler:'),
  'src/main.ts': `import { registry, toolNames, type ToolName } from 'virtual:tool-registry'

const first: ToolName = toolNames[0]!
Promise.all([registry.dispatch('2add', { a: 2, b: 3 }), registry.dispatch('rm', {})]).then(([sum, rm]) => {
  console.log('REPORT ' + JSON.stringify({ names: registry.getAllToolNames(), toolNames, first, sum, rm }))
})
`,
  // The plugin's declarations are checked too: they must not need unplugin's optional peers.
  'src/plugin-types.ts': `import type viteToolRegistry from '@toolreg/plugin/vite'
import type webpackToolRegistry from '@toolreg/plugin/webpack'
import type rspackToolRegistry from '@toolreg/plugin/rspack'
import type { ToolRegistryConfig } from '@toolreg/plugin'

export type Plugins = [ReturnType<typeof viteToolRegistry>, ReturnType<typeof webpackToolRegistry>, ReturnType<typeof rspackToolRegistry>]
export const config: ToolRegistryConfig = { names: 'openai' }
`,
  'vite.config.mjs': `import { defineConfig } from 'vite'
import toolRegistry from '@toolreg/plugin/vite'

export default defineConfig({
  plugins: [toolRegistry()],
  ssr: { noExternal: true },
  build: { ssr: 'src/main.ts', outDir: 'dist-vite', rolldownOptions: { output: { entryFileNames: 'main.mjs' } } },
})
`,
  'webpack.config.js': `const path = require('node:path')
const toolRegistry = require('@toolreg/plugin/webpack')

module.exports = {
  mode: 'production',
  target: 'node',
  entry: './src/main.ts',
  output: { path: path.join(__dirname, 'dist-webpack'), filename: 'main.js' },
  resolve: { extensions: ['.ts', '.js'] },
  module: { rules: [{ test: /\\.ts$/, loader: 'esbuild-loader' }] },
  plugins: [toolRegistry()],
}
`,
  // webpack's Node API (the project has no webpack-cli), with the CommonJS config.
  'build-webpack.js': `const webpack = require('webpack')
const config = require('./webpack.config.js')

webpack(config, (error, stats) => {
  if (error) throw error
  if (stats.hasErrors()) {
    for (const e of stats.compilation.errors) console.error(e.message)
    process.exitCode = 1
  }
})
`,
  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
        lib: ['ES2022', 'DOM'],
      },
      include: ['src', 'tools', 'tool-registry.d.ts'],
    },
    null,
    2,
  ),
}

async function writeSources(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await writeFile(path.join(dir, file), text)
  }
}

const NAMES = ['2add', 'echo', 'rm']
const APPROVAL_REQUIRED = '{"error":"[APPROVAL_REQUIRED] Tool rm needs approval"}'

/** The REPORT line a built bundle prints. */
function report(output: Run): { names: string[]; toolNames: string[]; first: string; sum: string; rm: string } {
  const line = output.stdout.split('\n').find(l => l.startsWith('REPORT '))
  if (!line) throw new Error(`no REPORT line:\n${output.stdout}\n${output.stderr}`)
  return JSON.parse(line.slice('REPORT '.length))
}

const viteBuild = (cwd: string) => node([path.join(cwd, 'node_modules/vite/bin/vite.js'), 'build'], cwd)
const toolreg = (args: string[], cwd: string) => run(path.join(cwd, 'node_modules/.bin/toolreg'), args, cwd)

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'toolreg-consumer-'))
  await mkdir(path.join(tmp, 'packs'))
  for (const name of PACKAGES) {
    const packed = await npm(
      ['pack', '--json', '--pack-destination', path.join(tmp, 'packs')],
      path.join(WORKSPACE, 'packages', name),
    )
    expect(packed.code, packed.stderr).toBe(0)
    const [info] = JSON.parse(packed.stdout) as {
      filename: string
      size: number
      unpackedSize: number
      files: { path: string }[]
    }[]
    tarballs[name] = {
      file: path.join(tmp, 'packs', info!.filename),
      size: info!.size,
      unpackedSize: info!.unpackedSize,
      files: info!.files.map(f => f.path),
    }
  }
  console.log(
    'tarballs: ' +
      PACKAGES.map(
        name =>
          `@toolreg/${name} ${(tarballs[name].size / 1024).toFixed(1)} kB (${(tarballs[name].unpackedSize / 1024).toFixed(1)} kB unpacked, ${tarballs[name].files.length} files)`,
      ).join('; '),
  )
}, LONG)

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true })
})

describe('the tarballs', () => {
  it('hold LICENSE, README, CHANGELOG, the built code, the CommonJS entries and the bin; no tests', () => {
    for (const name of PACKAGES) {
      const { files } = tarballs[name]
      expect(files).toEqual(
        expect.arrayContaining([
          'LICENSE',
          'README.md',
          'CHANGELOG.md',
          'package.json',
          'dist/index.js',
          'dist/index.d.ts',
        ]),
      )
      expect(files.filter(f => /(^|\/)test\/|\.test\.|tsbuildinfo/.test(f))).toEqual([])
    }
    expect(tarballs.plugin.files).toEqual(
      expect.arrayContaining([
        'bin/toolreg.js',
        'cjs/webpack.cjs',
        'cjs/webpack.d.cts',
        'dist/cli/main.js',
        'client.d.ts',
      ]),
    )
  })

  for (const name of PACKAGES) {
    it(
      `@toolreg/${name}: publint --strict and attw --profile esm-only find no problem`,
      async () => {
        const publint = await node([bin('publint'), '--strict', tarballs[name].file], tmp)
        expect(publint.code, publint.stdout + publint.stderr).toBe(0)
        expect(publint.stdout).toContain('All good!')
        const attw = await node([bin('attw'), '--profile', 'esm-only', '--format', 'ascii', tarballs[name].file], tmp)
        expect(attw.code, attw.stdout + attw.stderr).toBe(0)
        // Each problem line links its documentation; only CommonJS/node10 ones, ignored by the profile, may appear.
        const problems = attw.stdout.split('\n').filter(l => l.includes('/docs/problems/'))
        expect(problems.filter(l => !l.startsWith('(ignored per resolution)'))).toEqual([])
      },
      LONG,
    )

    it(
      `@toolreg/${name}: npm publish --dry-run is clean`,
      async () => {
        const dry = await npm(['publish', '--dry-run'], path.join(WORKSPACE, 'packages', name))
        expect(dry.code, dry.stderr).toBe(0)
        // Not being logged in is the only thing a dry run may warn about.
        const warnings = dry.stderr
          .split('\n')
          .filter(l => /^npm (warn|error)/i.test(l) && !/requires you to be logged in/.test(l))
        expect(warnings).toEqual([])
        expect(dry.stdout).toContain(`+ @toolreg/${name}@`)
      },
      LONG,
    )
  }
})

describe('a project outside the workspace, installed from the tarballs', () => {
  beforeAll(async () => {
    app = path.join(tmp, 'app')
    await writeSources(app, SOURCES)
    const install = await npm(
      ['install', '--no-audit', '--no-fund', '--prefer-offline', ...PACKAGES.map(name => tarballs[name].file)],
      app,
    )
    expect(install.code, install.stderr).toBe(0)
    // After the install: npm would prune links it did not make.
    for (const name of BORROWED) {
      await mkdir(path.dirname(path.join(app, 'node_modules', name)), { recursive: true })
      await symlink(path.join(WORKSPACE, 'node_modules', name), path.join(app, 'node_modules', name))
    }
  }, LONG)

  it('has real copies of @toolreg/*, not links into the workspace', async () => {
    for (const name of PACKAGES) {
      const dir = path.join(app, 'node_modules/@toolreg', name)
      expect((await lstat(dir)).isSymbolicLink()).toBe(false)
      expect(await realpath(dir)).toBe(dir)
    }
    const pkg = JSON.parse(await readFile(path.join(app, 'package.json'), 'utf8'))
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@toolreg/core', '@toolreg/mcp', '@toolreg/plugin'])
  })

  it(
    'vite build with the shared config: the bundle runs its tools (the one needing approval fails closed)',
    async () => {
      const built = await viteBuild(app)
      expect(built.code, built.stdout + built.stderr).toBe(0)
      const out = report(await node(['dist-vite/main.mjs'], app))
      expect(out).toEqual({ names: NAMES, toolNames: NAMES, first: '2add', sum: '5', rm: APPROVAL_REQUIRED })
    },
    LONG,
  )

  it(
    'webpack with a CommonJS webpack.config.js (require returns the plugin): the bundle runs',
    async () => {
      const built = await node(['build-webpack.js'], app)
      expect(built.code, built.stdout + built.stderr).toBe(0)
      const out = report(await node(['dist-webpack/main.js'], app))
      expect(out).toEqual({ names: NAMES, toolNames: NAMES, first: '2add', sum: '5', rm: APPROVAL_REQUIRED })
    },
    LONG,
  )

  it(
    'toolreg check reads the same config as the build: both pass, then both fail on TR003',
    async () => {
      expect(await toolreg(['check', '--format', 'github'], app)).toMatchObject({ code: 0, stdout: '' })
      const version = await toolreg(['--version'], app)
      expect(version).toMatchObject({
        code: 0,
        stdout: `${JSON.parse(await readFile(path.join(WORKSPACE, 'packages/plugin/package.json'), 'utf8')).version}\n`,
      })

      // Without the name rule `2add` breaks the default rule: the build and CI fail alike.
      await writeFile(path.join(app, 'toolreg.config.json'), JSON.stringify({}))
      try {
        const check = await toolreg(['check', '--format', 'github'], app)
        expect(check.code).toBe(1)
        expect(check.stdout).toMatch(/^::error file=tools\/add\.ts,line=4,col=\d+,title=TR003::/)
        const built = await viteBuild(app)
        expect(built.code).not.toBe(0)
        expect(built.stdout + built.stderr).toMatch(/tools\/add\.ts:4:\d+ - error TR003/)
        const webpack = await node(['build-webpack.js'], app)
        expect(webpack.code).toBe(1)
        expect(webpack.stderr).toMatch(/tools\/add\.ts:4:\d+ - error TR003/)
      } finally {
        await writeFile(path.join(app, 'toolreg.config.json'), SOURCES['toolreg.config.json']!)
      }
    },
    LONG,
  )

  it(
    'a fresh checkout type-checks after `toolreg types` (and not before)',
    async () => {
      const checkout = path.join(tmp, 'checkout')
      await writeSources(checkout, SOURCES)
      await cp(path.join(app, 'package-lock.json'), path.join(checkout, 'package-lock.json'))
      // The same installed tree as `npm ci` would give it.
      await symlink(path.join(app, 'node_modules'), path.join(checkout, 'node_modules'))
      const tsc = (...flags: string[]) =>
        node([path.join(checkout, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', ...flags], checkout)

      // (Libraries' declarations are checked by the second run only: the first is about the app.)
      const before = await tsc('--skipLibCheck')
      expect(before.code).not.toBe(0)
      expect(before.stdout).toContain("Cannot find module 'virtual:tool-registry'")
      expect((await toolreg(['types', '--check'], checkout)).code).toBe(1)

      expect(await toolreg(['types'], checkout)).toMatchObject({ code: 0, stdout: 'wrote tool-registry.d.ts\n' })
      const after = await tsc()
      expect(after.stdout + after.stderr).toBe('')
      expect(after.code).toBe(0)
      expect(await toolreg(['types', '--check'], checkout)).toMatchObject({ code: 0 })
    },
    LONG,
  )
})
