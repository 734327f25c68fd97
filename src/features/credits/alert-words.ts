import type { FiredAlert } from '../../contract/spend-fired';
import type { SpendAlert } from '../../contract/spend';

/** What an alert watches, as the person set it. */
export function alertRule(alert: Pick<SpendAlert, 'kind' | 'threshold'>): string {
  return alert.kind === 'session'
    ? `When this session reaches ${alert.threshold} credits`
    : `When today's spend (UTC) reaches ${alert.threshold} % of the limit`;
}

/** The notice of an alert crossed: what was passed, and what had been spent when it was found. */
export function firedWords(alert: FiredAlert): string {
  return alert.kind === 'session'
    ? `This session has reached ${alert.threshold} credits: ${alert.spent} spent.`
    : `Today's spend has reached ${alert.threshold} % of the limit: ${alert.spent} of ${alert.limit ?? '?'} credits.`;
}
