import * as v from 'valibot';
import { decimal } from './decimal.ts';

/** What a person may do where people sign in (#28): the server's `--role` and every answer naming a role. */
export const ROLES = ['admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What a limit counts: all spend, or this UTC day's or month's. */
export const LIMIT_PERIODS = ['total', 'day', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const limitPeriodSchema = v.picklist(LIMIT_PERIODS);

/** A person's own limit as `/api/_auth/me` and `/api/_auth/people` answer it, with its spend and next reset (UTC). */
export const personLimitSchema = v.object({
  credits: decimal,
  period: limitPeriodSchema,
  spent: decimal,
  resetsAt: v.nullable(v.string()),
});
