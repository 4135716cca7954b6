export { default } from './bundlers/rspack.js'
