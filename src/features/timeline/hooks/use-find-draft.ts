import { useCallback, useEffect, useRef, useState } from 'react';

/** Long enough that a word typed at speed is one address change, short enough that a shared link is current. */
const WRITE_AFTER_MS = 300;

/**
 * The find box shows what is typed at once and filters with it, while the address (the filter's real home)
 * follows a moment later, replaced rather than pushed so Back is not a history of keystrokes. A find set
 * from elsewhere (Back, a hashtag, a shared link) shows as soon as nothing typed is waiting to be written.
 */
export function useFindDraft(committed: string, write: (text: string) => Promise<unknown>) {
  const [typing, setTyping] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = useCallback(
    (text: string) => {
      setTyping(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void write(text).finally(() => setTyping((current) => (current === text ? null : current)));
      }, WRITE_AFTER_MS);
    },
    [write],
  );
  const drop = useCallback(() => {
    clearTimeout(timer.current);
    setTyping(null);
  }, []);
  return { find: typing ?? committed, type, drop };
}
