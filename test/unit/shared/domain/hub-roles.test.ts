import { describe, expect, it } from 'vitest'
import {
  can,
  HUB_ACTIONS,
  HUB_ROLES,
  isHubRole,
  isRoleRefusal,
  refusalMessage,
  roleNeeded,
  type HubAction,
  type HubRole
} from '@shared/domain/hub-roles'

const allowed = (role: HubRole): HubAction[] => HUB_ACTIONS.filter((a) => can(role, a))

describe('hub roles', () => {
  it('lets a viewer read and nothing else', () => {
    expect(allowed('viewer').every((a) => a.endsWith(':read'))).toBe(true)
    expect(allowed('viewer')).toEqual(expect.arrayContaining(['listings:read', 'bookings:read']))
    for (const write of ['quotes:ask', 'bookings:cancel', 'references:set', 'users:manage'])
      expect(can('viewer', write as HubAction), write).toBe(false)
  })

  it('lets an agent quote and create, pay and cancel bookings, but not set references', () => {
    for (const a of ['quotes:ask', 'bookings:create', 'bookings:pay', 'bookings:cancel'] as const)
      expect(can('agent', a), a).toBe(true)
    expect(can('agent', 'references:set')).toBe(false)
    expect(can('agent', 'users:manage')).toBe(false)
  })

  it('lets a manager set references, and only an admin manage users', () => {
    expect(can('manager', 'references:set')).toBe(true)
    expect(can('manager', 'users:manage')).toBe(false)
    expect(can('admin', 'users:manage')).toBe(true)
    expect(allowed('admin')).toEqual(HUB_ACTIONS)
  })

  it('gives each role everything the role below it may do', () => {
    for (let i = 1; i < HUB_ROLES.length; i++) {
      const below = allowed(HUB_ROLES[i - 1])
      const above = allowed(HUB_ROLES[i])
      expect(above).toEqual(expect.arrayContaining(below))
      expect(above.length, HUB_ROLES[i]).toBeGreaterThan(below.length)
    }
  })

  it('names actions like the IPC domains and knows only its four roles', () => {
    for (const a of HUB_ACTIONS) expect(a).toMatch(/^[a-z]+:[a-z]+$/)
    expect(isHubRole('manager')).toBe(true)
    expect(isHubRole('owner')).toBe(false)
    expect(isHubRole('toString')).toBe(false)
  })

  it('says which role an action needs and what the user is, with the right article', () => {
    expect(roleNeeded('bookings:cancel')).toBe('agent')
    expect(refusalMessage('bookings:cancel', 'ana', 'viewer')).toBe(
      'bookings:cancel needs the agent role; ana is a viewer'
    )
    expect(refusalMessage('users:manage', 'bo', 'agent')).toBe(
      'users:manage needs the admin role; bo is an agent'
    )
  })

  it("recognises the hub's refusal by role in its own words, and no other sentence", () => {
    for (const role of HUB_ROLES) {
      for (const action of HUB_ACTIONS) {
        expect(isRoleRefusal(refusalMessage(action, 'ana.b-2', role))).toBe(true)
      }
    }
    expect(isRoleRefusal('Channel not allowed for this listing')).toBe(false)
    expect(isRoleRefusal('bookings:cancel needs the owner role; vera is a viewer')).toBe(false)
  })
})
