// In src/contract/dates (a timeline's page menu says it too); the credits components keep importing it from here.
export { clockTime } from '../../contract/dates/date-format';

// In src/contract/dates (the People page says it too); the credits components keep importing it from here.
export { dateTime } from '../../contract/dates/date-format';

// One plural rule for every page (src/lib/plural.ts); these pages keep importing it from here.
export { plural } from '../../lib/plural';
