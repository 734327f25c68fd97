import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PASSWORD_RULE, passwordProblem, welcome } from '../api/auth/actions';
import { ApiError } from '../api/errors';
import { AuthCard, fieldClass, FormMessage, labelClass, submitClass } from '../features/people/components/AuthForm';

export const Route = createFileRoute('/welcome')({ component: WelcomePage });

/** The invite's token is in the fragment (`/welcome#token=…`), which no request carries: no server log sees it. */
function tokenFromFragment(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

function WelcomePage() {
  const [token] = useState(tokenFromFragment);
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
