/** How requests leave this computer: proxies (system or environment) and trusted certificates. */
export {
  askSystem,
  createNetwork,
  defaultNetwork,
  type Connection,
  type Network,
  type NetworkOptions,
  type ProxyInfo,
  type ResolveProxy,
  type Route,
  type Timeouts
} from './network'
export { parsePac, proxyFromPac, type PacEntry, type ProxyAddress } from './pac'
export { trustedCertificates, trustedContext } from './ca'
