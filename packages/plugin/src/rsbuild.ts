export { default } from './bundlers/rsbuild.js'
