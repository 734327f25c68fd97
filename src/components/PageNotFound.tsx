import { Link } from '@tanstack/react-router';

/** An address no page answers: nothing bought, a way home. Its own chunk: most visits never need it. */
export default function PageNotFound() {
  return (
    <main className="mx-auto max-w-timeline p-6">
      <h1 className="text-xl font-bold">Page not found</h1>
      <p>
        Nothing was bought. Go to the{' '}
        <Link to="/" className="text-brand-700 underline dark:text-sky-300">
          start page
        </Link>
        .
      </p>
    </main>
  );
}
