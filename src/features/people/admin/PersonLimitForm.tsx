import type { FormEvent } from 'react';
import type { TeamPerson } from '../../../api/auth/people';
import { changePerson } from '../../../api/auth/people-admin';
import { creditsText } from '../../../lib/plural';
import { PERIOD_WORDS } from '../limit-words';
import { LimitFields, limitFromForm } from './LimitFields';
import { button, note } from './styles';
import type { PersonWork } from './use-person-change';

/** Sets or clears a person's own limit (credits and period), starting from the one they have. */
export function PersonLimitForm({
  person,
  disabled,
  run,
}: {
  person: TeamPerson;
  disabled: boolean;
  run: (work: PersonWork) => void;
}) {
  const { name } = person;
  function saveLimit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const limit = limitFromForm(new FormData(event.currentTarget));
    run(async () => {
      await changePerson(name, { limit });
      return limit
        ? `${name}’s limit is now ${creditsText(limit.credits)} ${PERIOD_WORDS[limit.period]}.`
        : `${name} has no limit of their own now.`;
    });
  }
  return (
    <form onSubmit={saveLimit} className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
      <LimitFields
        credits={person.limit?.credits ?? ''}
        period={person.limit?.period ?? 'day'}
        idPrefix={`limit-${name}`}
      />
      <button type="submit" disabled={disabled} className={button}>
        Save limit
      </button>
      <p className={`${note} w-full`}>Leave the credits empty for no limit of their own.</p>
    </form>
  );
}
