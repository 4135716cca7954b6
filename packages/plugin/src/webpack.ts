export { default } from './bundlers/webpack.js'
