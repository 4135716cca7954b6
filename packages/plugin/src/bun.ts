export { default } from './bundlers/bun.js'
