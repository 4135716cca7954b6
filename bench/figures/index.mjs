// The figures of SPEC §7, in report order.
import * as build from './build.mjs'
import * as scan from './scan.mjs'
import * as dev from './dev.mjs'
import * as coldstart from './coldstart.mjs'
import * as runtime from './runtime.mjs'
import * as size from './size.mjs'

export const FIGURES = [build, scan, dev, coldstart, runtime, size]
