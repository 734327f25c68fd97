// The fields moved to src/components/Field.tsx (shared with the Jobs page); this keeps `./Field` imports working.
export { SelectField, TextField } from '../../../components/Field';
