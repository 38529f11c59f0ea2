/** Slot: the unread notifications count for the header (auctions issue). */
export function useUnreadCount(): number {
  return 0;
}
