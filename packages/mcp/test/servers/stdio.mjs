// The demo server over stdio: `node stdio.mjs [flags]` (see demo.mjs).
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createDemoServer, parseFlags } from './demo.mjs'

const server = createDemoServer(parseFlags(process.argv.slice(2)))
await server.connect(new StdioServerTransport())
