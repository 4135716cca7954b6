// The demo server over Streamable HTTP on loopback, one session per client: prints `listening <port>` when ready.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { createDemoServer, parseFlags } from './demo.mjs'

const flags = parseFlags(process.argv.slice(2))
const sessions = new Map()

async function newSession() {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: id => sessions.set(id, transport),
  })
  transport.onclose = () => sessions.delete(transport.sessionId)
  await createDemoServer(flags).connect(transport)
  return transport
}

const http = createServer(async (req, res) => {
  try {
    const id = req.headers['mcp-session-id']
    const transport = typeof id === 'string' ? sessions.get(id) : await newSession()
    if (!transport) {
      res.writeHead(404).end('unknown session')
      return
    }
    await transport.handleRequest(req, res)
  } catch (error) {
    console.error(error)
    if (!res.headersSent) res.writeHead(500)
    res.end()
  }
})
http.listen(0, '127.0.0.1', () => console.log(`listening ${http.address().port}`))
