// A child process as the tests drive it: its exit code and everything it printed.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

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
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** `toolreg <args>` in `cwd`. */
export const toolreg = (args: readonly string[], cwd = process.cwd()): Promise<Run> => run(process.execPath, [toolregBin, ...args], cwd)
