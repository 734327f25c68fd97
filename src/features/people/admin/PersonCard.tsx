import { useState } from 'react';
import type { TeamPerson } from '../../../api/auth/people';
import { resetPassword, signOutEverywhere } from '../../../api/auth/people-admin';
import { failureText } from './failure-text';
import { OneTimeLink } from './OneTimeLink';
import { PersonLimitForm } from './PersonLimitForm';
import { PersonSummary } from './PersonSummary';
import { RemovePersonConfirm } from './RemovePersonConfirm';
import { RoleSelect } from './RoleSelect';
import { button, danger } from './styles';
import { usePersonChange } from './use-person-change';

type Step = 'limit' | 'remove' | null;

/** One person: what they may do and spend, and every change an admin can make to them. */
export function PersonCard({ person, isYou }: { person: TeamPerson; isYou: boolean }) {
  const [step, setStep] = useState<Step>(null);
  const { run, pending, error, done, link, clearLink } = usePersonChange(() => setStep(null));
  const { name } = person;
  return (
    <li data-testid="person-row" data-person={name} className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <PersonSummary person={person} isYou={isYou} />
        <RoleSelect name={name} role={person.role} disabled={pending} run={run} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button} onClick={() => setStep(step === 'limit' ? null : 'limit')}>
          Change limit
        </button>
        <button type="button" className={button} disabled={pending} onClick={() => run(() => resetPassword(name))}>
          Reset password
        </button>
        <button
          type="button"
          className={button}
          disabled={pending}
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
      {step === 'limit' && <PersonLimitForm person={person} disabled={pending} run={run} />}
      {step === 'remove' && (
        <RemovePersonConfirm name={name} disabled={pending} run={run} onCancel={() => setStep(null)} />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failureText(error)}
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
          onDone={clearLink}
        />
      )}
    </li>
  );
}
