import type { ScheduleChoice, WatchFormValues, WatchProblems } from '../watch-form';
import { MAX_PAGES_PER_RUN } from '../watch-form';
import { SelectField, TextField } from '../../../components/Field';

const SCHEDULES: { value: ScheduleChoice; text: string }[] = [
  { value: '15m', text: 'Every 15 minutes' },
  { value: '1h', text: 'Hourly' },
  { value: '6h', text: 'Every 6 hours' },
  { value: 'daily', text: 'Daily at a time' },
  { value: 'cron', text: 'Cron expression' },
];

/**
 * What to watch, how often and within what cap. Every change is priced by the editor (WatchEditor) before it
 * can be saved; the form itself buys nothing.
 */
export function WatchForm({
  values,
  problems,
  onChange,
  editing,
}: {
  values: WatchFormValues;
  problems: WatchProblems;
  onChange: (patch: Partial<WatchFormValues>) => void;
  /** A saved watch keeps its kind: delete it and make another to watch something else. */
  editing: boolean;
}) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {!editing && (
          <SelectField
            text="Watch"
            value={values.kind}
            options={[
              { value: 'timeline', text: 'A handle’s timeline' },
              { value: 'search', text: 'A search' },
            ]}
            onChange={(kind) => onChange({ kind })}
            testId="watch-kind"
          />
        )}
        <TextField
          text="Name"
          note="Shown in the list; the handle or query when left empty."
          value={values.name}
          onChange={(name) => onChange({ name })}
          testId="watch-name"
        />
      </div>
      {values.kind === 'timeline' ? (
        <TextField
          text="Handle"
          note="@handle, numeric id or profile address"
          value={values.handle}
          error={problems.handle}
          onChange={(handle) => onChange({ handle })}
          testId="watch-handle"
          placeholder="@handle"
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-4">
          <div className="sm:col-span-2">
            <TextField
              text="Search"
              value={values.q}
              error={problems.q}
              onChange={(q) => onChange({ q })}
              testId="watch-q"
              placeholder="what to search for"
            />
          </div>
          <TextField
            text="Site"
            note="optional"
            value={values.site}
            onChange={(site) => onChange({ site })}
            testId="watch-site"
          />
          <TextField
            text="Language"
            note="optional, e.g. en"
            value={values.hl}
            onChange={(hl) => onChange({ hl })}
            testId="watch-hl"
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          text="How often"
          value={values.schedule}
          options={SCHEDULES}
          onChange={(schedule) => onChange({ schedule })}
          testId="watch-schedule"
        />
        {values.schedule === 'daily' && (
          <TextField
            text="At (24-hour)"
            value={values.dailyAt}
            error={problems.dailyAt}
            onChange={(dailyAt) => onChange({ dailyAt })}
            testId="watch-daily-at"
            placeholder="08:00"
          />
        )}
        {values.schedule === 'cron' && (
          <TextField
            text="Cron"
            note="minute hour day month weekday"
            value={values.cron}
            error={problems.cron}
            onChange={(cron) => onChange({ cron })}
            testId="watch-cron"
            placeholder="0 9 * * 1-5"
          />
        )}
        <TextField
          text="Time zone"
          note="Yours by default"
          value={values.timeZone}
          error={problems.timeZone}
          onChange={(timeZone) => onChange({ timeZone })}
          testId="watch-time-zone"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex items-start gap-2">
          <TextField
            text="Cap in credits"
            value={values.capCredits}
            error={problems.capCredits}
            onChange={(capCredits) => onChange({ capCredits })}
            testId="watch-cap"
            inputMode="decimal"
            className="w-24"
          />
          <SelectField
            text="per"
            value={values.capPer}
            options={[
              { value: 'day', text: 'day' },
              { value: 'month', text: 'month' },
            ]}
            onChange={(capPer) => onChange({ capPer })}
            testId="watch-cap-per"
          />
        </div>
        <TextField
          text="Pages per run"
          note={`1 to ${MAX_PAGES_PER_RUN}; a run stops at the first post it has seen`}
          value={values.pagesPerRun}
          error={problems.pagesPerRun}
          onChange={(pagesPerRun) => onChange({ pagesPerRun })}
          testId="watch-pages"
          inputMode="numeric"
          className="w-20"
        />
        <TextField
          text="Match words"
          note="Words or #hashtags; empty: every new item"
          value={values.match}
          onChange={(match) => onChange({ match })}
          testId="watch-match"
          placeholder="#launch, outage"
        />
      </div>
    </div>
  );
}
