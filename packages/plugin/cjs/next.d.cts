// Types of the CommonJS entry of `@toolreg/plugin/next`.
import type { withToolreg as esmWithToolreg } from '../dist/bundlers/next.js'

export declare const withToolreg: typeof esmWithToolreg
