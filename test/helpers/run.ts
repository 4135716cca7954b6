// A child process as the tests drive it: its exit code and everything it printed.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

export interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** The workspace's `toolreg` bin (it runs the built CLI in packages/plugin/dist). */
export const toolregBin = fileURLToPath(new URL('../../packages/plugin/bin/toolreg.js', import.meta.url))

export function run(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, ...(env ? { env } : {}), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', code => resolve({ code, stdout, stderr }))
  })
}

/** `toolreg <args>` in `cwd`. */
export const toolreg = (args: readonly string[], cwd = process.cwd()): Promise<Run> =>
  run(process.execPath, [toolregBin, ...args], cwd)

/**
 * Runs `node <script> ...args` and reads its report: the JSON after `<tag> ` on the line that
 * starts with it. Rejects, with everything it printed, when it fails or prints no report.
 */
export async function nodeReport<T>(script: string, args: readonly string[], tag: string): Promise<T> {
  const { code, stdout, stderr } = await run(process.execPath, [script, ...args], process.cwd())
  const line = stdout.split('\n').find(l => l.startsWith(tag + ' '))
  if (code !== 0 || !line) throw new Error(`${script} exited ${code}\n${stdout}\n${stderr}`)
  return JSON.parse(line.slice(tag.length + 1)) as T
}

/** A build that a duplicate tool name failed: a non-zero exit, TR001 and every file named in what it printed. */
export function expectDuplicateFailure(built: Run, files: readonly string[]): void {
  const output = built.stdout + built.stderr
  expect(built.code, output).not.toBe(0)
  expect(output).toMatch(/error TR001/)
  for (const file of files) expect(output).toContain(file)
}
