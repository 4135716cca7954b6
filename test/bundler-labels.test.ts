// What a user reads when a build fails: the bundler's own label must not contradict the
// message (Rollup, Rolldown, Vite and esbuild print a 0-based `loc` column as a label,
// toolreg prints 1-based positions), and esbuild shows no empty frame line.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import esbuildToolRegistry from '@toolreg/plugin/esbuild'

const COLLISION = path.resolve(import.meta.dirname, 'fixtures/build-collision')
const require = createRequire(import.meta.url)
const packageDir = (name: string): string => path.dirname(require.resolve(`${name}/package.json`))

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: COLLISION,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d))
    child.on('error', reject)
    child.on('close', code => resolve({ code, output }))
  })
}

/** Every `search.ts` position the output shows, in any of the bundlers' label styles. */
function positions(output: string): string[] {
  return [...output.matchAll(/search\.ts(?::(\d+):(\d+)| \((\d+):(\d+)\))/g)].map(
    m => `${m[1] ?? m[3]}:${m[2] ?? m[4]}`,
  )
}

// tools/search.ts registers `search` at line 3, column 1 (1-based).
const expectAgreement = (output: string) => {
  expect(output).toContain('tools/search.ts:3:1 - error TR001')
  expect(positions(output).filter(p => p !== '3:1')).toEqual([])
}

describe('build errors: the label agrees with the message', () => {
  it('rollup -c', async () => {
    const r = await run([path.join(packageDir('rollup'), 'dist/bin/rollup'), '-c'])
    expect(r.code).not.toBe(0)
    expectAgreement(r.output)
  })

  it('vite build', async () => {
    const r = await run([
      path.join(packageDir('vite'), 'bin/vite.js'),
      'build',
      '--outDir',
      path.join(COLLISION, '../../.tmp/labels-vite'),
    ])
    expect(r.code).not.toBe(0)
    expectAgreement(r.output)
  })

  it('rolldown', async () => {
    const { rolldown } = await import('rolldown')
    const rolldownToolRegistry = (await import('@toolreg/plugin/rolldown')).default
    const bundle = rolldown({
      cwd: COLLISION,
      input: 'src/main.ts',
      external: () => true,
      plugins: [rolldownToolRegistry({ dts: false })],
    })
    const error = await bundle
      .then(b => b.generate({ format: 'es' }))
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      )
    expect(error).toBeDefined()
    expectAgreement(String(error!.message))
  })

  it('esbuild: formatted as esbuild prints it, with no empty frame line', async () => {
    const { build, formatMessages } = await import('esbuild')
    const failure = await build({
      absWorkingDir: COLLISION,
      entryPoints: ['src/main.ts'],
      bundle: true,
      write: false,
      logLevel: 'silent',
      external: ['@toolreg/core'],
      plugins: [esbuildToolRegistry({ dts: false })],
    }).then(
      () => undefined,
      (e: { errors: import('esbuild').Message[] }) => e,
    )
    expect(failure?.errors).toHaveLength(1)
    const printed = (await formatMessages(failure!.errors, { kind: 'error', color: false })).join('\n')
    expectAgreement(printed)
    expect(printed.split('\n').filter(line => /^\s*\d+\s*│\s*$/.test(line))).toEqual([])
    expect(failure!.errors[0]!.detail).toMatchObject({ code: 'TR001', file: 'tools/search.ts', line: 3, column: 1 })
  })
})
