import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/credits')({
  component: () => <main className="mx-auto max-w-5xl px-3 py-4"><h1 className="text-xl font-bold">Credits</h1></main>,
});
