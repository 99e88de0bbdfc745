import { describe, expect, it } from 'vitest'
import {
  gridReduce,
  isSelected,
  keyTarget,
  selectionRange,
  type GridState
} from '../../../../../src-renderer/src/screens/calendar/grid-nav'

const bounds = { min: '2026-11-01', max: '2028-11-30' }
const at = (active: string): GridState => ({ active, selection: null })

describe('the month grid’s keys', () => {
  it('move a day, a week, to the week’s ends and by months, across month ends', () => {
    expect(keyTarget('ArrowRight', '2027-01-31')).toBe('2027-02-01')
    expect(keyTarget('ArrowLeft', '2027-03-01')).toBe('2027-02-28')
    expect(keyTarget('ArrowDown', '2027-01-28')).toBe('2027-02-04')
    expect(keyTarget('ArrowUp', '2027-01-03')).toBe('2026-12-27')
    // 2027-01-06 is a Wednesday: its week runs Monday 4 to Sunday 10.
    expect(keyTarget('Home', '2027-01-06')).toBe('2027-01-04')
    expect(keyTarget('End', '2027-01-06')).toBe('2027-01-10')
    expect(keyTarget('PageDown', '2027-01-31')).toBe('2027-02-28')
    expect(keyTarget('PageUp', '2027-03-15')).toBe('2027-02-15')
    expect(keyTarget('Tab', '2027-03-15')).toBeNull()
  })

  it('stay inside the months the copy covers', () => {
    const s = gridReduce(
      at('2026-11-02'),
      { type: 'move', to: '2026-10-26', extend: false },
      bounds
    )
    expect(s.active).toBe('2026-11-01')
  })
})

describe('selecting nights', () => {
  it('Shift with the arrows selects from the active day: seven cells are seven nights', () => {
    let s = at('2027-05-03')
    for (let i = 0; i < 6; i++) {
      s = gridReduce(
        s,
        { type: 'move', to: keyTarget('ArrowRight', s.active)!, extend: true },
        bounds
      )
    }
    const range = selectionRange(s.selection)
    expect(range).toEqual({ from: '2027-05-03', to: '2027-05-10', nights: 7 })
    expect(isSelected('2027-05-09', range)).toBe(true)
    expect(isSelected('2027-05-10', range)).toBe(false)
    // Moving without Shift leaves a finished selection where it is.
    s = gridReduce(s, { type: 'move', to: '2027-05-20', extend: false }, bounds)
    expect(selectionRange(s.selection)?.nights).toBe(7)
    expect(s.active).toBe('2027-05-20')
  })

  it('selects backwards too, and extends from the same anchor', () => {
    let s = at('2027-05-10')
    s = gridReduce(s, { type: 'move', to: '2027-05-08', extend: true }, bounds)
    expect(selectionRange(s.selection)).toEqual({ from: '2027-05-08', to: '2027-05-11', nights: 3 })
    s = gridReduce(s, { type: 'move', to: '2027-05-12', extend: true }, bounds)
    expect(selectionRange(s.selection)).toEqual({ from: '2027-05-10', to: '2027-05-13', nights: 3 })
  })

  it('Enter anchors a night, the range follows the active day, Enter again ends it', () => {
    let s = gridReduce(at('2027-06-01'), { type: 'anchor' }, bounds)
    expect(s.selection).toEqual({ anchor: '2027-06-01', focus: '2027-06-01', pending: true })
    expect(selectionRange(s.selection)?.nights).toBe(1)
    s = gridReduce(s, { type: 'move', to: '2027-06-05', extend: false }, bounds)
    expect(selectionRange(s.selection)?.nights).toBe(5)
    s = gridReduce(s, { type: 'anchor' }, bounds)
    expect(s.selection?.pending).toBe(false)
    // A finished range stays as the active day moves on; Enter starts a new one.
    s = gridReduce(s, { type: 'move', to: '2027-06-20', extend: false }, bounds)
    expect(selectionRange(s.selection)?.to).toBe('2027-06-06')
    s = gridReduce(s, { type: 'anchor' }, bounds)
    expect(s.selection).toEqual({ anchor: '2027-06-20', focus: '2027-06-20', pending: true })
  })

  it('a click does what Enter does on the clicked day; Shift+click extends', () => {
    let s = gridReduce(
      at('2027-06-01'),
      { type: 'click', date: '2027-06-03', extend: false },
      bounds
    )
    s = gridReduce(s, { type: 'click', date: '2027-06-09', extend: false }, bounds)
    expect(selectionRange(s.selection)).toEqual({ from: '2027-06-03', to: '2027-06-10', nights: 7 })
    s = gridReduce(s, { type: 'click', date: '2027-06-12', extend: true }, bounds)
    expect(selectionRange(s.selection)?.nights).toBe(10)
  })

  it('Escape clears the selection and keeps the active day', () => {
    let s = gridReduce(at('2027-06-01'), { type: 'move', to: '2027-06-04', extend: true }, bounds)
    s = gridReduce(s, { type: 'clear' }, bounds)
    expect(s).toEqual({ active: '2027-06-04', selection: null })
    expect(selectionRange(null)).toBeNull()
  })
})
