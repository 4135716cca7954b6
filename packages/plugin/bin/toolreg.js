#!/usr/bin/env node
// The `toolreg` command; all behaviour lives in dist/cli/main.js.
import { main } from '../dist/cli/main.js'

process.exitCode = await main(process.argv.slice(2))
