import { useState } from 'react';
import { saveBlob } from './download';

/**
 * One file export at a time, read from the server and saved: which one is under way (for its button's busy
 * state) and why the last one failed.
 */
export function useDownload<Key extends string>() {
  const [busy, setBusy] = useState<Key | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function download(key: Key, read: () => Promise<{ blob: Blob; filename: string }>) {
    setBusy(key);
    setError(null);
    try {
      const { blob, filename } = await read();
      saveBlob(filename, blob);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  }

  return { busy, error, download };
}
