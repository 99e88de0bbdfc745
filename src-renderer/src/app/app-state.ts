/**
 * The ready marker end-to-end tests wait on: `data-app-state` on #root is `loading` until app
 * info, profiles and the first sync status have loaded, then `ready`, or `error` when StayDesk
 * could not start. On #root rather than a React element so the error boundary can set it too.
 */
export type AppState = 'loading' | 'ready' | 'error'

export function setAppState(state: AppState): void {
  document.getElementById('root')?.setAttribute('data-app-state', state)
}
