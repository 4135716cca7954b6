// `npm start` (after `npm run build`): builds the edge example, runs one
// conversation against the built bundle, prints the tools, calls and answer.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from './helpers/examples-env.ts'

let result: { code: number | null; stdout: string; stderr: string }

beforeAll(async () => {
  // Keyless on purpose: the default run must work offline whatever the machine has set.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' }
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL']) delete env[name]
  result = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'start.mjs')], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    child.once('error', reject)
    child.once('close', code => resolve({ code, stdout, stderr }))
  })
})

describe('node scripts/start.mjs', () => {
  it('exits 0', () => {
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0)
  })

  it('runs the built bundle in workerd and lists its tools', () => {
    expect(result.stdout).toMatch(/Running the bundle in workerd on http:\/\/127\.0\.0\.1:\d+/)
    const tools = result.stdout.match(/^Tools \((\d+)\):/m)
    expect(tools).not.toBeNull()
    expect(Number(tools![1])).toBeGreaterThanOrEqual(6)
    for (const name of ['calculate', 'convert_units', 'text_stats', 'kv_get', 'kv_set'])
      expect(result.stdout).toMatch(new RegExp(`^  ${name} `, 'm'))
  })

  it('prints each tool call with its arguments and result, then the answer', () => {
    expect(result.stdout).toContain('→ calculate({"expression":"2*(3+4)"})')
    expect(result.stdout).toContain('← {"expression":"2*(3+4)","result":14}')
    expect(result.stdout).toContain('← {"key":"city","found":true,"value":"Lisbon"}')
    const answer = result.stdout.slice(result.stdout.indexOf('Assistant ('))
    expect(answer).toContain('2*(3+4) = 14')
    expect(answer).toContain('city is Lisbon.')
  })

  it('runs one code-mode program in the sandbox: two tool calls, one typed result', () => {
    expect(result.stdout).toMatch(/^ {2}run_code {7}Run JavaScript that calls tools/m)
    expect(result.stdout).toContain('calculate(args: {')
    expect(result.stdout).toContain('← {"result":{"answer":42,"words":3},"console":""}')
    expect(result.stdout).toContain('The code returned {"answer":42,"words":3}.')
  })
})
