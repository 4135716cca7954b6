// Long-running processes as the integration tests drive them (a dev server, a built app's
// server): a free port, a child in its own process group (killed as a group: frameworks
// start children of their own), its output, and an HTTP endpoint polled until its JSON
// answer is the one expected.
import { type ChildProcess, spawn } from 'node:child_process'
import { rename, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface Server {
  child: ChildProcess
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string
}

/** `command args` in `cwd`, detached: its own process group, which `stopServer` kills. */
export function startServer(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): Server {
  const child = spawn(command, args, {
    cwd,
    env: env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d))
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (out += d))
  return { child, output: () => out }
}

/** SIGTERM to the child's process group, and waits until the child exits. */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise(resolve => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve()
    child.on('exit', () => resolve())
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      resolve() // the group is gone already
    }
  })
}

/** Polls `url` until `accept` holds for its JSON body; fails after `ms` with the last answer. */
export async function pollJson<T>(url: string, accept: (body: T) => boolean, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms
  let last: unknown
  while (Date.now() < deadline) {
    let answer: string | undefined
    try {
      const response = await fetch(url)
      answer = await response.text()
      last = response.ok ? JSON.parse(answer) : `${response.status} ${answer}`
      if (typeof last === 'object' && last !== null && accept(last as T)) return last as T
    } catch (error) {
      // Not up (the cause says why), or not JSON (what came instead is shown).
      const cause = (error as Error).cause
      last = `${String(error)}${cause ? ` (${String(cause)})` : ''}${answer === undefined ? '' : `: ${answer.slice(0, 500)}`}`
    }
    await new Promise(resolve => setTimeout(resolve, 250))
  }
  throw new Error(`${url}: no accepted answer within ${ms} ms; last: ${JSON.stringify(last) ?? String(last)}`)
}

/** Writes a file the way an editor saves it: the whole content appears at once. */
export async function saveFile(dir: string, file: string, content: string): Promise<void> {
  const staging = path.join(dir, `.staging-${path.basename(file)}`)
  await writeFile(staging, content)
  await rename(staging, path.join(dir, file))
}

/**
 * The test process's environment without Vitest's variables (a child under them thinks it
 * runs inside a Vitest: Astro's dev server then answers 404, Nuxt logs nothing), `extra` first.
 */
export function envWithoutVitest(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...extra }
  for (const [key, value] of Object.entries(process.env))
    if (!/^(NODE_ENV|TEST|VITEST.*)$/.test(key)) env[key] ??= value
  return env
}

/** A tool file registering one tool `name` (toolset `util`) that answers its own name. */
export const toolModuleSource = (name: string): string => `import { registry } from '@toolreg/core'

registry.register({ name: '${name}', toolset: 'util', schema: {}, handler: () => '${name}' })
`

/** The servers one suite starts with `command` (its Node), all stopped by `stopAll` (its afterAll). */
export function serverPool(command: string, env: NodeJS.ProcessEnv) {
  const servers: Server[] = []
  return {
    serve(args: string[], cwd: string, serverEnv: NodeJS.ProcessEnv = env): Server {
      const server = startServer(command, args, cwd, serverEnv)
      servers.push(server)
      return server
    },
    stopAll: (): Promise<unknown> => Promise.all(servers.splice(0).map(s => stopServer(s.child))),
  }
}
