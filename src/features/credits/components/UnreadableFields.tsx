/** Names the fields of the server's answer this page could not read: the rest is shown, those stand in as none. */
export default function UnreadableFields({ fields }: { fields: string[] }) {
  return (
    <p
      role="status"
      data-testid="unreadable-fields"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      The server&apos;s answer had {fields.length === 1 ? 'a field' : 'fields'} this page could not read:{' '}
      <code>{fields.join(', ')}</code>. Everything else is shown; {fields.length === 1 ? 'it shows' : 'they show'} as
      none.
    </p>
  );
}
