import { HistoryInput, HistoryPage } from '../history.schema'
import type { ContractSlice } from './common'

export const historyCommands = {
  /** Changes the syncs recorded (prices, availability, listing fields), newest first. */
  'history:list': { input: HistoryInput, output: HistoryPage }
} as const satisfies ContractSlice<'history'>
