import { removePerson } from '../../../api/auth/people-admin';
import { button, danger } from './styles';
import type { PersonWork } from './use-person-change';

/** The second step of removing a person: what removal does, then yes or cancel. */
export function RemovePersonConfirm({
  name,
  disabled,
  run,
  onCancel,
}: {
  name: string;
  disabled: boolean;
  run: (work: PersonWork) => void;
  onCancel: () => void;
}) {
  return (
    <div
      role="alertdialog"
      aria-label={`Remove ${name}?`}
      className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950/40"
    >
      <p className="text-red-900 dark:text-red-100">
        Remove {name}? They are signed out everywhere, their keys stop working and their jobs stop; the ledger keeps
        their name. Inviting {name} again brings them back with a new link.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={danger}
          disabled={disabled}
          onClick={() =>
            run(async () => {
              await removePerson(name);
              return `${name} is removed.`;
            })
          }
        >
          Yes, remove {name}
        </button>
        <button type="button" className={button} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
