export { esbuildPlugin as default } from './bundlers/unplugin-entries.js'
