import { parseCount } from './values.ts';
import { lenient } from './lenient.ts';

/**
 * A count as the service formats it ("1.2K", "12,345", a number): apart from the other building blocks, so
 * a search answer's schema, which counts nothing, does not load the upstream's number and date parsers.
 */
export const count = lenient(parseCount);
