import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { peopleKeys } from '../../../api/auth/people';
import type { WelcomeLink } from '../../../api/auth/people-admin';

/** An admin's change to a person: it says what it did in a sentence, or hands back a one-time link to pass on. */
export type PersonWork = () => Promise<string | WelcomeLink>;

/**
 * Runs one change at a time to a person and keeps its outcome for the card: the sentence, the one-time link, or
 * the failure. The people list and the audit log are read again after each change.
 */
export function usePersonChange(onChanged: () => void) {
  const queryClient = useQueryClient();
  const [link, setLink] = useState<WelcomeLink | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async (work: PersonWork) => work(),
    onSuccess: (result) => {
      onChanged();
      if (typeof result === 'string') setDone(result);
      else setLink(result);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.people() });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.audit() });
    },
  });
  const run = (work: PersonWork) => {
    setDone(null);
    setLink(null);
    change.mutate(work);
  };
  return { run, pending: change.isPending, error: change.error, done, link, clearLink: () => setLink(null) };
}
