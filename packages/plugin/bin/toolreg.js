#!/usr/bin/env node
// The `toolreg` command; all behaviour lives in dist/cli.js.
import { main } from '../dist/cli.js'

process.exitCode = await main(process.argv.slice(2))
