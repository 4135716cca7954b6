// examples/collision must not build: two tool files register `get_weather`.
// The real Vite CLI is spawned, as a developer or CI would run it.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLES_DIR, REPO_ROOT, tempDir } from './helpers/examples-env.ts'

const COLLISION_ROOT = join(EXAMPLES_DIR, 'collision')
const VITE_CLI = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js')

let outDir: Awaited<ReturnType<typeof tempDir>>
let result: { code: number | null; output: string }

beforeAll(async () => {
  outDir = await tempDir('collision')
  result = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE_CLI, 'build', '--outDir', outDir.path, '--emptyOutDir'], {
      cwd: COLLISION_ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', chunk => (output += chunk))
    child.stderr.on('data', chunk => (output += chunk))
    child.once('error', reject)
    child.once('close', code => resolve({ code, output }))
  })
})

afterAll(async () => {
  await outDir?.remove()
})

describe('examples/collision', () => {
  it('fails `vite build` with TR001 naming both files', () => {
    expect(result.code, result.output).not.toBe(0)
    expect(result.code).not.toBeNull()
    const line = result.output.split('\n').find(l => /error TR001/.test(l))
    expect(line, result.output).toBeDefined()
    expect(line).toContain('get_weather')
    expect(result.output).toMatch(/tools\/weather\.ts:\d+:\d+/)
    expect(result.output).toMatch(/tools\/forecast\.ts:\d+:\d+/)
  })

  it('writes no bundle', () => {
    expect(readdirSync(outDir.path)).toEqual([])
  })
})
