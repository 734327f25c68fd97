import { parentPort, workerData } from 'node:worker_threads';
import { openSecondary } from '../store/open.ts';
import { PostIndexer } from './indexer.ts';

export type ToIndexer = { type: 'soon'; pageKeys: string[] } | { type: 'catch-up'; id: number } | { type: 'stop' };
export type FromIndexer =
  { type: 'caught-up'; id: number; indexed: number } | { type: 'failed'; id: number; message: string };
export interface IndexerWorkerData {
  store: { dataDir: string; databaseUrl: string | null };
  lock: SharedArrayBuffer | null;
  holder: number;
}

/** The thread's side of IndexerThread: a PostIndexer on a connection of its own. */
const port = parentPort!;
const data = workerData as IndexerWorkerData;
const db = openSecondary(data.store, data.lock, data.holder);
const indexer = new PostIndexer(db);
const reply = (message: FromIndexer) => port.postMessage(message);

port.on('message', (message: ToIndexer) => {
  if (message.type === 'soon') indexer.soon(message.pageKeys);
  else if (message.type === 'catch-up') {
    indexer.catchUp().then(
      (indexed) => reply({ type: 'caught-up', id: message.id, indexed }),
      (error: unknown) => reply({ type: 'failed', id: message.id, message: (error as Error).message }),
    );
  } else {
    // Whatever was asked before the stop is finished first; then the connection closes and the thread ends.
    void indexer
      .stop()
      .then(() => db.close())
      .finally(() => port.close());
  }
});
