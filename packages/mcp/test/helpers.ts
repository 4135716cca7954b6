// Shared test plumbing: a recording logger, a polling wait, and real demo servers as child processes.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Logger } from '@toolreg/core'

const SERVERS = fileURLToPath(new URL('./servers/', import.meta.url))

export interface LogRecord {
  level: 'debug' | 'info' | 'warn' | 'error'
  text: string
}

/** A logger that keeps every line, so tests can assert warnings. */
export function recordingLogger(): {
  logger: Logger
  records: LogRecord[]
  texts(level: LogRecord['level']): string[]
} {
  const records: LogRecord[] = []
  const log =
    (level: LogRecord['level']) =>
    (...args: unknown[]) => {
      records.push({
        level,
        text: args.map(arg => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' '),
      })
    }
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
  return { logger, records, texts: level => records.filter(r => r.level === level).map(r => r.text) }
}

/** Polls until `condition` is truthy; a generous deadline keeps it robust on a loaded machine. */
export async function waitFor<T>(condition: () => T | Promise<T>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await condition()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

const clients: Client[] = []
const kills: (() => void)[] = []

/** Closes every client, then kills every server started since the last call; run it in afterEach. */
export async function cleanup(): Promise<void> {
  for (const client of clients.splice(0)) await client.close()
  for (const kill of kills.splice(0)) kill()
}

function newClient(): Client {
  return new Client({ name: 'toolreg-mcp-test', version: '1.0.0' })
}

/** The demo server as a child process over stdio. */
export async function startStdioServer(
  flags: string[] = [],
): Promise<{ client: Client; transport: StdioClientTransport; pid: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [`${SERVERS}stdio.mjs`, ...flags],
    stderr: 'inherit',
  })
  const client = newClient()
  clients.push(client)
  await client.connect(transport)
  const pid = transport.pid
  if (pid === null) throw new Error('stdio server has no pid')
  kills.push(() => killQuietly(pid))
  return { client, transport, pid }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error // already gone is fine
  }
}

/** The demo server as a child process over Streamable HTTP on a free loopback port. */
export async function startHttpServer(
  flags: string[] = [],
): Promise<{ url: URL; child: ChildProcess; connect(): Promise<Client> }> {
  const child = spawn(process.execPath, [`${SERVERS}http.mjs`, ...flags], { stdio: ['ignore', 'pipe', 'inherit'] })
  kills.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  const port = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', line => {
      const match = /^listening (\d+)$/.exec(line)
      if (match) resolve(match[1])
    })
    child.once('exit', code => reject(new Error(`http server exited early with ${code}`)))
    child.once('error', reject)
  })
  const url = new URL(`http://127.0.0.1:${port}/mcp`)
  const connect = async () => {
    const client = newClient()
    clients.push(client)
    await client.connect(new StreamableHTTPClientTransport(url))
    return client
  }
  return { url, child, connect }
}
