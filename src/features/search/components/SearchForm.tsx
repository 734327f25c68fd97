import { useState, type FormEvent } from 'react';
import { searchBody } from '../../../api/search';
import { searchPage, usePrice } from '../../../api/use-price';
import { BlockedNote, PriceChip } from '../../../components/CostHint';
import { fieldsOf, searchFromFields, type FieldErrors, type FormFields } from '../form-values';
import { COMMON_LANGUAGES, DEFAULT_NUM, toApiParams, type SearchRouteParams } from '../params';
import { OptionField } from './OptionField';

/**
 * The query box and the request's options. It edits a draft; Enter (or Search) turns the draft into the
 * URL, which is the one source of truth.
 */
export function SearchForm({
  current,
  onSearch,
}: {
  current: SearchRouteParams;
  onSearch: (search: SearchRouteParams) => void;
}) {
  const [fields, setFields] = useState<FormFields>(() => fieldsOf(current));
  const [errors, setErrors] = useState<FieldErrors>({});
  // Back/forward, paging and recent-search links change the URL: the draft follows it. Done during render
  // (not by remounting) so focus stays where it was, e.g. on Next, instead of jumping to the box.
  const currentKey = JSON.stringify(current);
  const [shownKey, setShownKey] = useState(currentKey);
  if (shownKey !== currentKey) {
    setShownKey(currentKey);
    setFields(fieldsOf(current));
    setErrors({});
  }

  const set = (name: keyof FormFields) => (value: string) => {
    setFields((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const draft = searchFromFields(fields, current);
  const draftParams = 'search' in draft && draft.search.q ? toApiParams(draft.search) : null;
  const price = usePrice({ operation: 'search', page: draftParams && searchPage(draftParams), settle: true });
  // Said as it is typed, not only on Search: a query the proxy would refuse has no price to show.
  const queryError = errors.q ?? ('errors' in draft ? draft.errors.q : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ('errors' in draft) {
      setErrors(draft.errors);
      return;
    }
    onSearch(draft.search);
  };

  return (
    <form
      role="search"
      aria-label="Web search"
      onSubmit={submit}
      noValidate
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <label htmlFor="search-q" className="sr-only">
            Search query
          </label>
          <svg
            aria-hidden
            viewBox="0 0 20 20"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 fill-slate-400"
          >
            <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64a.75.75 0 1 1-1.06 1.06l-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
          </svg>
          <input
            id="search-q"
            name="q"
            type="search"
            autoFocus
            autoComplete="off"
            enterKeyHint="search"
            value={fields.q}
            onChange={(event) => set('q')(event.target.value)}
            placeholder="Search the web…"
            aria-keyshortcuts="/"
            aria-invalid={queryError !== undefined}
            aria-describedby={queryError ? 'search-q-error' : undefined}
            className="h-full w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-10 pl-9 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500
              focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
          />
          {!fields.q && (
            <kbd
              aria-hidden
              className="absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border border-slate-300 px-1.5
            font-mono text-xs text-slate-500 sm:block dark:border-slate-600 dark:text-slate-400"
            >
              /
            </kbd>
          )}
        </div>
        <button
          type="submit"
          data-testid="search-submit"
          className="flex shrink-0 flex-col items-center justify-center rounded-lg bg-brand-600 px-5 py-1.5 font-semibold
            text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500/40 sm:min-w-32"
        >
          Search
          {draftParams && <PriceChip price={price} testId="cost-hint-search" />}
        </button>
      </div>
      {queryError && (
        <p id="search-q-error" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {queryError}
        </p>
      )}
      <BlockedNote price={price} className="mt-1" />

      <fieldset className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4">
        <legend className="sr-only">Search options</legend>
        <OptionField
          id="search-num"
          name="num"
          label="Results wanted"
          inputMode="numeric"
          type="number"
          min={1}
          max={100}
          placeholder={String(DEFAULT_NUM)}
          hint={`1–100 · default ${DEFAULT_NUM}`}
          value={fields.num}
          error={errors.num}
          onValue={set('num')}
        />
        <OptionField
          id="search-page"
          name="page"
          label="Page"
          inputMode="numeric"
          type="number"
          min={1}
          placeholder="1"
          hint="1 is the first"
          value={fields.page}
          error={errors.page}
          onValue={set('page')}
        />
        <OptionField
          id="search-site"
          name="site"
          label="Only this site"
          placeholder="example.org"
          autoComplete="off"
          spellCheck={false}
          hint={siteHint(fields.site)}
          value={fields.site}
          error={errors.site}
          onValue={set('site')}
        />
        <OptionField
          id="search-hl"
          name="hl"
          label="Language"
          list="search-hl-codes"
          placeholder="en"
          autoComplete="off"
          spellCheck={false}
          hint="Pick or type a code"
          value={fields.hl}
          error={errors.hl}
          onValue={set('hl')}
        />
        <datalist id="search-hl-codes">
          {COMMON_LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </datalist>
      </fieldset>

      {draftParams && (
        <p className="mt-2 flex min-w-0 items-baseline gap-2 border-t border-slate-100 pt-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <span className="shrink-0 font-mono font-semibold text-slate-600 dark:text-slate-300">POST /v1/search</span>
          <code
            data-testid="request-preview"
            className="min-w-0 truncate font-mono"
            title={JSON.stringify(searchBody(draftParams))}
          >
            {JSON.stringify(searchBody(draftParams))}
          </code>
        </p>
      )}
    </form>
  );
}

function siteHint(site: string): string {
  const host = searchFromFields({ q: '', num: '', page: '', hl: '', site }, {});
  return 'search' in host && host.search.site && host.search.site !== site.trim()
    ? `Sent as ${host.search.site}`
    : 'Domain or URL';
}
