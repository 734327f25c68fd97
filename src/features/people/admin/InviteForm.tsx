import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { invitePerson, type WelcomeLink } from '../../../api/auth/people-admin';
import { peopleKeys } from '../../../api/auth/people';
import type { Role } from '../../../contract/person';
import { LimitFields, limitFromForm } from './LimitFields';
import { OneTimeLink } from './OneTimeLink';
import { card, field, note, primary } from './styles';
import { failureText } from './failure-text';

/** Invite a person: a name, a role, perhaps a limit; their one-time welcome link is shown once to copy. */
export function InviteForm() {
  const queryClient = useQueryClient();
  const [made, setMade] = useState<WelcomeLink | null>(null);
  const invite = useMutation({
    mutationFn: (input: Parameters<typeof invitePerson>) => invitePerson(...input),
    onSuccess: (link) => {
      setMade(link);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.people() });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.audit() });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    invite.mutate([String(form.get('name') ?? '').trim(), form.get('role') as Role, limitFromForm(form)], {
      onSuccess: () => formElement.reset(),
    });
  }

  return (
    <section aria-label="Invite a person" data-testid="invite-person" className={`${card} space-y-3`}>
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Invite a person</h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-x-3 gap-y-2">
        <label className="text-xs font-medium text-slate-700 dark:text-slate-300">
          Name
          <input
            name="name"
            required
            maxLength={128}
            autoComplete="off"
            placeholder="bob or bob@example.com"
            className={`${field} mt-1 block w-52`}
          />
        </label>
        <label className="text-xs font-medium text-slate-700 dark:text-slate-300">
          Role
          <select name="role" defaultValue="member" className={`${field} mt-1 block`}>
            <option value="member">member: buys, within limits</option>
            <option value="viewer">viewer: reads what was bought</option>
            <option value="admin">admin: also manages people</option>
          </select>
        </label>
        <LimitFields credits="" period="day" idPrefix="invite" />
        <button type="submit" disabled={invite.isPending} className={primary}>
          {invite.isPending ? 'Inviting…' : 'Invite'}
        </button>
      </form>
      {invite.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failureText(invite.error)}
        </p>
      )}
      {made && <OneTimeLink made={made} why={`${made.name} is invited.`} onDone={() => setMade(null)} />}
      <p className={note}>
        A limit counts what they buy; the server’s own limit (CREDIT_LIMIT) still holds for everyone.
      </p>
    </section>
  );
}
