import * as v from 'valibot';
import { decimal } from './decimal.ts';

/**
 * A spend alert crossed, as `/api/_session` carries it (src/contract/session.ts): a module of its own, so every
 * page's first load holds this schema and not the rest of src/contract/spend.ts.
 */
export const SPEND_ALERT_KINDS = ['session', 'today'] as const;

/** An alert crossed, in the one answer of `/api/_session` that found it crossed: shown once, in one tab. */
export const firedAlertSchema = v.object({
  id: v.string(),
  kind: v.picklist(SPEND_ALERT_KINDS),
  threshold: decimal,
  /** What had been spent when it was found crossed (the session's, or today's). */
  spent: decimal,
  /** For `today`: the limit the percentage was of. */
  limit: v.nullable(decimal),
  firedAt: v.string(),
});
export type FiredAlert = v.InferOutput<typeof firedAlertSchema>;
