export { default } from './bundlers/rollup.js'
