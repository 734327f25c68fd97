import type { Role } from '../../../api/auth/me';
import { changePerson } from '../../../api/auth/people-admin';
import { field } from './styles';
import type { PersonWork } from './use-person-change';

/** A person's role, changed as soon as another is picked. */
export function RoleSelect({
  name,
  role,
  disabled,
  run,
}: {
  name: string;
  role: Role;
  disabled: boolean;
  run: (work: PersonWork) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-xs font-medium text-slate-700 dark:text-slate-300">
      Role
      <select
        aria-label={`${name}’s role`}
        value={role}
        disabled={disabled}
        onChange={(event) => {
          const next = event.target.value as Role;
          run(async () => {
            await changePerson(name, { role: next });
            return `${name} is now ${next === 'admin' ? 'an' : 'a'} ${next}.`;
          });
        }}
        className={field}
      >
        <option value="admin">admin</option>
        <option value="member">member</option>
        <option value="viewer">viewer</option>
      </select>
    </label>
  );
}
