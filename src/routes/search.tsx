import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/search')({
  component: () => <main className="mx-auto max-w-3xl px-3 py-4"><h1 className="text-xl font-bold">Search</h1></main>,
});
