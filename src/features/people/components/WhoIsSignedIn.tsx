import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { signOut } from '../../../api/auth/actions';
import { meQueryOptions } from '../../../api/auth/me';
import { PopoverButton } from '../../../components/Popover';

const menuItem =
  'block w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 disabled:opacity-60 dark:hover:bg-slate-800';

/**
 * Who this browser is signed in as, with the role, and a menu to sign out here or everywhere (every browser and
 * session of the person). Nothing at all when the server knows no people (loopback `none` mode).
 */
export default function WhoIsSignedIn() {
  const { data: me } = useQuery(meQueryOptions());
  const [busy, setBusy] = useState(false);
  const person = me?.person;
  if (!person) return null;
  // Behind a reverse proxy the sign-in is the proxy's: signing out here would be undone by the next request.
  const canSignOut = me.mode === 'accounts';

  async function leave(everywhere: boolean) {
    setBusy(true);
    try {
      await signOut(everywhere);
    } finally {
      window.location.assign('/sign-in');
    }
  }

  return (
    <PopoverButton
      testId="who-is-signed-in"
      panelLabel="Signed in"
      className="flex items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      label={
        <>
          <span className="max-w-28 truncate font-medium">{person.name}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">· {person.role}</span>
        </>
      }
    >
      <p className="px-2 py-1 text-xs text-slate-600 dark:text-slate-400">
        Signed in as <strong>{person.name}</strong> ({person.role})
      </p>
      {canSignOut ? (
        <>
          <button type="button" className={menuItem} disabled={busy} onClick={() => void leave(false)}>
            Sign out
          </button>
          <button type="button" className={menuItem} disabled={busy} onClick={() => void leave(true)}>
            Sign out everywhere
          </button>
        </>
      ) : (
        <p className="px-2 py-1 text-xs text-slate-600 dark:text-slate-400">Signed in by this server&apos;s proxy.</p>
      )}
    </PopoverButton>
  );
}

export function ExposedWarning() {
  return (
    <p
      role="alert"
      data-testid="exposed-banner"
      className="bg-red-700 px-3 py-1.5 text-center text-sm font-semibold text-white"
    >
      Anyone who can reach this server can spend its credits
    </p>
  );
}
