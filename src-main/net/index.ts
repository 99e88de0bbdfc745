/**
 * How requests leave this computer: proxies (system or environment) and trusted certificates
 * (network.ts uses pac.ts and ca.ts; nothing else does).
 */
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
