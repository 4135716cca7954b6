export { rspackPlugin as default } from './bundlers/unplugin-entries.js'
