import {
  Gaps,
  GapsInput,
  Overview,
  OverviewExportInput,
  OverviewInput
} from '../../overview/overview.schema'
import { SavedFile } from '../saved-file.schema'
import type { ContractSlice } from './common'

export const overviewCommands = {
  /**
   * The portfolio overview from the offline copy: per month (twelve from today), region and
   * listing, the share of days unavailable, the average published nightly rate, the value of
   * the nights still open and the gap nights.
   */
  'overview:get': { input: OverviewInput, output: Overview },
  /** Gap nights of the next 90 days, portfolio-wide or of one listing, in date order. */
  'overview:gaps': { input: GapsInput, output: Gaps },
  /** The overview's figures per listing and month as a CSV file the person chooses. */
  'overview:export': { input: OverviewExportInput, output: SavedFile }
} as const satisfies ContractSlice<'overview'>
