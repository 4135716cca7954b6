// Types of the CommonJS entry of `@toolreg/plugin/nuxt`.
import type esmModule from '../dist/nuxt.js'

declare const toolregNuxtModule: typeof esmModule
export = toolregNuxtModule
