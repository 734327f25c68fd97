import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Role } from '../../../contract/person';
import { peopleKeys, type TeamPerson } from '../../../api/auth/people';
import {
  changePerson,
  removePerson,
  resetPassword,
  signOutEverywhere,
  type WelcomeLink,
} from '../../../api/auth/people-admin';
import { creditsText } from '../../../lib/plural';
import { PERIOD_WORDS } from '../limit-words';
import { failureText } from './failure-text';
import { LimitFields, limitFromForm } from './LimitFields';
import { OneTimeLink } from './OneTimeLink';
import { button, danger, field, note } from './styles';

const SPENT_WORDS = { total: 'in total', day: 'today', month: 'this month' } as const;

type Step = 'limit' | 'remove' | null;

/** One person: what they may do and spend, and every change an admin can make to them. */
export function PersonCard({ person, isYou }: { person: TeamPerson; isYou: boolean }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(null);
  const [link, setLink] = useState<WelcomeLink | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async (work: () => Promise<string | WelcomeLink>) => work(),
    onSuccess: (result) => {
      setStep(null);
      if (typeof result === 'string') setDone(result);
      else setLink(result);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.people() });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.audit() });
    },
  });
  const run = (work: () => Promise<string | WelcomeLink>) => {
    setDone(null);
    setLink(null);
    change.mutate(work);
  };
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

  const spent = person.limit
    ? `${person.limit.spent} of ${creditsText(person.limit.credits)} ${SPENT_WORDS[person.limit.period]}`
    : `${creditsText(person.spentTotal)} in total, no limit of their own`;

  return (
    <li data-testid="person-row" data-person={name} className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-medium break-all text-slate-900 dark:text-white">
            {name}
            {isYou && <span className="ml-1.5 text-xs font-normal text-slate-500 dark:text-slate-400">(you)</span>}
          </p>
          <p className="text-xs tabular-nums text-slate-600 dark:text-slate-400">
            {spent} · {person.keys === 1 ? '1 key' : `${person.keys} keys`}
            {!person.hasPassword && ' · welcome link not used yet'}
          </p>
        </div>
        <label className="flex items-center gap-2 text-xs font-medium text-slate-700 dark:text-slate-300">
          Role
          <select
            aria-label={`${name}’s role`}
            value={person.role}
            disabled={change.isPending}
            onChange={(event) => {
              const role = event.target.value as Role;
              run(async () => {
                await changePerson(name, { role });
                return `${name} is now ${role === 'admin' ? 'an' : 'a'} ${role}.`;
              });
            }}
            className={field}
          >
            <option value="admin">admin</option>
            <option value="member">member</option>
            <option value="viewer">viewer</option>
          </select>
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button} onClick={() => setStep(step === 'limit' ? null : 'limit')}>
          Change limit
        </button>
        <button
          type="button"
          className={button}
          disabled={change.isPending}
          onClick={() => run(() => resetPassword(name))}
        >
          Reset password
        </button>
        <button
          type="button"
          className={button}
          disabled={change.isPending}
          onClick={() =>
            run(async () => {
              await signOutEverywhere(name);
              return `${name} is signed out everywhere; their password and keys still work.`;
            })
          }
        >
          Sign out everywhere
        </button>
        <button type="button" className={danger} onClick={() => setStep(step === 'remove' ? null : 'remove')}>
          Remove…
        </button>
      </div>
      {step === 'limit' && (
        <form
          onSubmit={saveLimit}
          className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-900"
        >
          <LimitFields
            credits={person.limit?.credits ?? ''}
            period={person.limit?.period ?? 'day'}
            idPrefix={`limit-${name}`}
          />
          <button type="submit" disabled={change.isPending} className={button}>
            Save limit
          </button>
          <p className={`${note} w-full`}>Leave the credits empty for no limit of their own.</p>
        </form>
      )}
      {step === 'remove' && (
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
              disabled={change.isPending}
              onClick={() =>
                run(async () => {
                  await removePerson(name);
                  return `${name} is removed.`;
                })
              }
            >
              Yes, remove {name}
            </button>
            <button type="button" className={button} onClick={() => setStep(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {change.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failureText(change.error)}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          {done}
        </p>
      )}
      {link && (
        <OneTimeLink
          made={link}
          why={`${name}’s old password no longer works and they are signed out everywhere.`}
          onDone={() => setLink(null)}
        />
      )}
    </li>
  );
}
