// Writes the README's "Versions tested" table from the installed packages (see ./lib/versions.mjs).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { versionsTable, withTable } from './lib/versions.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const file = `${root}README.md`
writeFileSync(file, withTable(readFileSync(file, 'utf8'), versionsTable(root)))
