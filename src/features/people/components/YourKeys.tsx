import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createKey, keysQueryOptions, peopleKeys, revokeKey, type CreatedKey } from '../../../api/auth/people';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { CopyButton, smallButton } from '../../../components/CopyButton';
import { dateTime } from '../../../contract/dates/date-format';

const control =
  'min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900';
const note = 'text-xs text-slate-500 dark:text-slate-400';

/** The key just made, shown this once with its copy button and how a script sends it. */
function NewKey({ made, onDone }: { made: CreatedKey; onDone: () => void }) {
  return (
    <div
      role="status"
      data-testid="new-key"
      className="space-y-1.5 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <p className="font-medium text-slate-900 dark:text-white">
        Key “{made.label}”: copy it now, it is not shown again.
      </p>
      <code className="block break-all rounded bg-white px-2 py-1 font-mono text-xs dark:bg-slate-900">{made.key}</code>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={made.key} label="Copy key" />
      </div>
      <p className={note}>
        A script sends it as the header <code className="break-all font-mono">Authorization: Bearer {made.key}</code>{' '}
        and spends as you, within your limit.
      </p>
      <button type="button" className={smallButton} onClick={onDone}>
        Done
      </button>
    </div>
  );
}

/**
 * "Your keys" (#28): keys for scripts and `npm run job` against this server, each spending as the person. Made
 * with a label and shown once (only the server's hash of it is kept), listed by label, revoked at once. A viewer
 * makes none (they spend nothing), but may revoke one an admin made them.
 */
export function YourKeys({ canCreate }: { canCreate: boolean }) {
  const queryClient = useQueryClient();
  const { data: keys, error } = useQuery(keysQueryOptions());
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<CreatedKey | null>(null);
  // The admins' lists count keys and log each change: read again if this page shows them.
  const changed = () =>
    [peopleKeys.keys(), peopleKeys.people(), peopleKeys.audit()].forEach(
      (queryKey) => void queryClient.invalidateQueries({ queryKey }),
    );
  const create = useMutation({ mutationFn: createKey, onSuccess: (key) => (setMade(key), setLabel(''), changed()) });
  const revoke = useMutation({ mutationFn: revokeKey, onSuccess: changed });

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = label.trim();
    if (!name || name.length > 100) {
      setProblem('Give the key a name of 1 to 100 characters, e.g. “nightly export”.');
      return;
    }
    setProblem(null);
    create.mutate(name);
  }

  const failure = error ?? create.error ?? revoke.error;
  return (
    <section
      aria-label="Your keys"
      data-testid="your-keys"
      className="space-y-2 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
    >
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Your keys</h2>
      <p className={note}>
        For scripts and <code className="font-mono">npm run job</code> against this server: a key spends as you. Free to
        make.
      </p>
      {made && <NewKey made={made} onDone={() => setMade(null)} />}
      {keys && keys.length === 0 && <p className="text-slate-600 dark:text-slate-400">No keys.</p>}
      {keys && keys.length > 0 && (
        <ul className="divide-y divide-slate-100 dark:divide-slate-900">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-2 py-1.5" data-testid="api-key">
              <span className="min-w-0 flex-1 break-words">
                {key.label}
                <span className={`block ${note}`}>made {dateTime(key.createdAt)}</span>
              </span>
              <button
                type="button"
                className={smallButton}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(key.id)}
                aria-label={`Revoke ${key.label}`}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {canCreate && (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
          <label className="flex min-w-48 flex-1 flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
            Name for a new key
            <input
              value={label}
              onChange={(event) => setLabel(event.target.value)}
              maxLength={100}
              placeholder="e.g. nightly export"
              aria-invalid={problem ? true : undefined}
              className={control}
            />
          </label>
          <button
            type="submit"
            disabled={create.isPending}
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-40"
          >
            Make a key
          </button>
        </form>
      )}
      {problem && <p className="text-sm text-red-700 dark:text-red-300">{problem}</p>}
      {failure && <ErrorPanel error={failure} compact />}
    </section>
  );
}
