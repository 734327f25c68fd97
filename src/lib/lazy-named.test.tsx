import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { lazyNamed } from './lazy-named';

test('on the server, a lazily loaded part is in the HTML of the first render, its module fetched once', async () => {
  let loads = 0;
  const Greeting = lazyNamed(async () => {
    loads += 1;
    return { Greeting: ({ who }: { who: string }) => <p>hello {who}</p> };
  }, 'Greeting');
  // The server fetched it when the page's module was evaluated: by a request, it is in.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(renderToString(<Greeting who="ada" />)).toContain('hello <!-- -->ada');
  expect(renderToString(<Greeting who="grace" />)).toContain('hello <!-- -->grace');
  expect(loads).toBe(1);
});
