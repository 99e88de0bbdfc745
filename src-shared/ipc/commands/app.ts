import { AppInfo } from '../app.schema'
import { none, type ContractSlice } from './common'

export const appCommands = {
  'app:info': { input: none, output: AppInfo }
} as const satisfies ContractSlice<'app'>
