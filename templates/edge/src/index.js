// The gptnotes comment service: the package's worker entry, deployed as it is.
export { default } from 'gptnotes/proxy/worker'
