// The figures of SPEC §7 (and tool search, §9), in report order.
import * as build from './build.mjs'
import * as scan from './scan.mjs'
import * as dev from './dev.mjs'
import * as coldstart from './coldstart.mjs'
import * as runtime from './runtime.mjs'
import * as size from './size.mjs'
import * as search from './search.mjs'
import * as validation from './validation.mjs'
import * as lazy from './lazy.mjs'
import * as surface from './surface.mjs'

export const FIGURES = [build, scan, dev, coldstart, runtime, validation, size, search, lazy, surface]
