import * as v from 'valibot';

/** A UTC day as a query writes it (`2026-11-23`); whether it is a real day is the route's to say (history-period.ts). */
export const utcDay = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

/** `?from=&to=`: a period of days, both included, each optional (the history's exports, the spend breakdown). */
export const periodQuerySchema = v.object({ from: v.optional(utcDay), to: v.optional(utcDay) });
