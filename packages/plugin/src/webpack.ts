export { webpackPlugin as default } from './bundlers/unplugin-entries.js'
