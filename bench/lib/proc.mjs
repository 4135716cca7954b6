// Child processes: each heavy measurement runs in a fresh Node process so that JIT
// state, module caches and heap growth of one run never leak into the next.
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'

/**
 * Run `node <script> ...args`; the child prints one JSON object as its last stdout line.
 * Resolves to `{ result, wallMs }` where wallMs covers the whole process (spawn to exit).
 */
export function runNodeJson(script, args = [], { nodeArgs = [], cwd, env, timeoutMs = 600_000 } = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', chunk => (stdout += chunk))
    child.stderr.on('data', chunk => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const wallMs = performance.now() - start
      const lastLine = stdout.trim().split('\n').pop() ?? ''
      if (code !== 0) {
        reject(new Error(`${script} ${args.join(' ')} exited with ${code ?? signal}:\n${tail(stderr || stdout)}`))
        return
      }
      try {
        resolve({ result: JSON.parse(lastLine), wallMs })
      } catch {
        reject(new Error(`${script} printed no JSON result:\n${tail(stdout + stderr)}`))
      }
    })
  })
}

function tail(text, lines = 30) {
  return text.trim().split('\n').slice(-lines).join('\n')
}
