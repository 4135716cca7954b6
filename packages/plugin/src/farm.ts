export { default } from './bundlers/farm.js'
