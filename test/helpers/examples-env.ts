// Shared plumbing of the examples tests: temp dirs under test/.tmp (git-ignored),
// loopback HTTP servers on free ports, and the repository paths.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const EXAMPLES_DIR = join(REPO_ROOT, 'examples')

/** A fresh directory under test/.tmp; `remove()` deletes it. */
export async function tempDir(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const base = join(REPO_ROOT, 'test', '.tmp')
  await mkdir(base, { recursive: true })
  const path = await mkdtemp(join(base, `${prefix}-`))
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Every request received so far, in order. */
  requests: RecordedRequest[]
  close(): Promise<void>
}

/** An HTTP server on 127.0.0.1 and a free port; `handle` answers each request with its body already read. */
export async function serveLoopback(
  handle: (request: RecordedRequest, response: ServerResponse) => void | Promise<void>,
): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const request = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    }
    requests.push(request)
    try {
      await handle(request, res)
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function sendJson(response: ServerResponse, value: unknown, status = 200): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(value))
}
