export { default } from './bundlers/esbuild.js'
