// Skeleton: the helper building the Alerts screen replaces it (the navigation's count of new alerts).
export function useNewAlertCount(): number {
  return 0
}
