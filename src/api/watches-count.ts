/**
 * The navigation's count of unseen watch items, on every page: kept apart from the watches' API and schemas
 * (src/api/watches.ts), which only the Watches page loads.
 */
export const watchesNewCountKey = ['watches', 'new', 'count'] as const;
