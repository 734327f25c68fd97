import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { PASSWORD_RULE, passwordProblem, welcome } from '../api/auth/actions';
import { checkWelcomeLink, type LinkState } from '../api/auth/welcome-check';
import { ApiError } from '../api/errors';
import { Spinner } from '../components/Spinner';
import { AuthCard, fieldClass, FormMessage, labelClass, submitClass } from '../features/people/components/AuthForm';

export const Route = createFileRoute('/welcome')({ component: WelcomePage });

/** The invite's token is in the fragment (`/welcome#token=…`), which no request carries: no server log sees it. */
function tokenFromFragment(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

const NOT_USABLE: Record<Exclude<LinkState, 'valid'>, string> = {
  used: 'This welcome link was used already, or a newer link replaced it.',
  expired: 'This welcome link has expired: a link works for 24 hours.',
};

/** Whether the link can still be used, asked once on load (null while asking); a failed check lets the form try. */
function useLinkState(token: string | null): LinkState | 'checking' {
  const [state, setState] = useState<LinkState | 'checking'>('checking');
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkWelcomeLink(token).then(
      (answer) => current && setState(answer),
      () => current && setState('valid'),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return state;
}

function WelcomePage() {
  const [token] = useState(tokenFromFragment);
  const linkState = useLinkState(token);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const problem = passwordProblem(password, String(form.get('again') ?? ''));
    if (problem) return setMessage(problem);
    if (!token) return;
    setBusy(true);
    setMessage(null);
    try {
      await welcome(token, password);
      // Signed in: a new document on the start page, asked for with the new session.
      window.location.replace('/');
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Could not set the password. Try again.');
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthCard title="Welcome to creditscope">
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="welcome-no-token">
          This address has no invitation in it. Open the whole link an admin gave you, or ask for a new one.
        </p>
      </AuthCard>
    );
  }
  if (linkState === 'checking')
    return (
      <AuthCard title="Welcome to creditscope">
        <Spinner label="Checking your welcome link…" />
      </AuthCard>
    );
  if (linkState !== 'valid')
    return (
      <AuthCard title="Welcome to creditscope">
        <div role="alert" data-testid="welcome-link-unusable" data-state={linkState} className="space-y-2 text-sm">
          <p className="font-medium text-slate-900 dark:text-white">{NOT_USABLE[linkState]}</p>
          <p className="text-slate-700 dark:text-slate-300">
            Ask an admin for a new one (People, Reset password). If you chose a password already,{' '}
            <a href="/sign-in" className="text-brand-700 underline dark:text-sky-300">
              sign in
            </a>
            .
          </p>
        </div>
      </AuthCard>
    );
  return (
    <AuthCard title="Welcome to creditscope">
      <form onSubmit={(event) => void submit(event)} className="space-y-3" data-testid="welcome-form">
        <p className="text-sm text-slate-700 dark:text-slate-300">Choose the password you will sign in with.</p>
        <label className={labelClass}>
          Password
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-describedby="password-rule"
            className={fieldClass}
          />
        </label>
        <p id="password-rule" className="text-xs text-slate-600 dark:text-slate-400">
          {PASSWORD_RULE}
        </p>
        <label className={labelClass}>
          The same password again
          <input name="again" type="password" autoComplete="new-password" required className={fieldClass} />
        </label>
        <FormMessage message={message} />
        <button type="submit" disabled={busy} className={submitClass}>
          {busy ? 'Signing in…' : 'Set password and sign in'}
        </button>
      </form>
    </AuthCard>
  );
}
