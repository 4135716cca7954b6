// Vite SSR build for a Worker-style target (SPEC §8): one ES module, no Node built-in,
// and the manifest asset still emitted (Vite drops SSR assets emitted at normal order).
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, createLogger } from 'vite'
import toolRegistry from '@toolreg/plugin/vite'

const APP = path.resolve(import.meta.dirname, 'fixtures/build-app')
const APP_NAMES = ['add', 'fetch_page', 'get_forecast', 'multiply', 'web_search']

let tmp: string
let outDir: string
let warnings: string[]

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'toolreg-vite-ssr-'))
  outDir = path.join(tmp, 'worker')
  warnings = []
  const logger = createLogger('warn')
  logger.warn = msg => void warnings.push(msg)
  logger.warnOnce = msg => void warnings.push(msg)
  await build({
    root: APP,
    configFile: false,
    customLogger: logger,
    plugins: [toolRegistry({ dirs: ['tools', 'vendor/weather/tools'], dts: false })],
    ssr: { noExternal: true, target: 'webworker' },
    build: {
      ssr: 'src/main.ts',
      outDir,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { format: 'es', codeSplitting: false, entryFileNames: 'main.mjs' } },
    },
  })
})

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true })
})

describe('vite SSR build for a worker target', () => {
  it('emits one module and the manifest asset', async () => {
    const files = (await readdir(outDir)).sort()
    expect(files).toEqual(['main.mjs', 'tool-manifest.json'])
    const manifest = JSON.parse(await readFile(path.join(outDir, 'tool-manifest.json'), 'utf8')) as {
      version: number
      tools: { name: string }[]
    }
    expect(manifest.version).toBe(1)
    expect(manifest.tools.map(t => t.name).sort()).toEqual(APP_NAMES)
  })

  it('imports no Node built-in', async () => {
    const code = await readFile(path.join(outDir, 'main.mjs'), 'utf8')
    // Static, dynamic and CommonJS forms of `node:*` and bare `fs`/`path`/… specifiers.
    const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)].map(
      m => m[1],
    )
    expect(specifiers.filter(s => s!.startsWith('node:') || /^(fs|path|os|module|url|process)(\/|$)/.test(s!))).toEqual(
      [],
    )
    expect(code).not.toMatch(/["']node:/)
    expect(warnings.filter(w => /node:|externalized/i.test(w))).toEqual([])
  })

  it('runs and holds exactly the fixture tools', async () => {
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(outDir, 'main.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] })
      let out = ''
      child.stdout.on('data', chunk => (out += chunk))
      child.on('error', reject)
      child.on('close', code => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))))
    })
    const line = stdout.split('\n').find(l => l.startsWith('TOOLREG_REPORT '))
    expect(line, stdout).toBeDefined()
    const report = JSON.parse(line!.slice('TOOLREG_REPORT '.length)) as {
      names: string[]
      sources: Record<string, string>
    }
    expect(report.names).toEqual(APP_NAMES)
    expect(report.sources.get_forecast).toMatch(/^vendor\/weather\/tools\/forecast\.ts:\d+:1$/)
  })
})
