import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../../api/jobs';
import { DEFAULT_FORM, specFromForm } from './job-form';
import { parseHandleList, parseSearchList } from './job-input';
import { creditPercent, creditsLeft, pageProgress, percent, runningSummary, startLabel, stopTitle } from './job-words';

const TODAY = '2026-11-23';

describe('the handle list', () => {
  it('takes handles, @handles and profile URLs separated by commas, spaces or newlines, each once', () => {
    expect(parseHandleList('ada, @grace\nhttps://x.com/Linus/status/1  ADA;newsdesk')).toEqual({
      handles: ['ada', 'grace', 'Linus', 'newsdesk'],
      problems: [],
    });
  });

  it('names what is not a handle, and an id, which names no handle to walk', () => {
    const list = parseHandleList('ada bad-name 12345');
    expect(list.handles).toEqual(['ada']);
    expect(list.problems).toEqual([
      '"bad-name" is not a handle: use letters, digits and _ only',
      '"12345" is a numeric id: a job needs the handle',
    ]);
  });

  it('reads the first column of a CSV file and skips its header row', () => {
    const csv = 'handle,followers\r\nada,"1,200"\n"@grace",5\n\nada,3\n';
    expect(parseHandleList(csv, 'accounts.CSV')).toEqual({ handles: ['ada', 'grace'], problems: [] });
    // A text file is read like pasted text.
    expect(parseHandleList('ada\ngrace, linus', 'list.txt').handles).toEqual(['ada', 'grace', 'linus']);
  });

  it('takes searches one per line, spaces collapsed, each once', () => {
    expect(parseSearchList('  open  source \n\nrust\nopen source\n')).toEqual(['open source', 'rust']);
  });
});

describe('the spec from the form', () => {
  it('builds pages per handle, search pages and concurrency', () => {
    expect(specFromForm({ ...DEFAULT_FORM, handles: 'ada grace', searches: 'rust' }, TODAY)).toEqual({
      spec: { handles: ['ada', 'grace'], searches: ['rust'], timeline: { pages: 3 }, searchPages: 1, concurrency: 2 },
    });
  });

  it('goes back to a date or to the end, always under a page cap', () => {
    const until = specFromForm(
      { ...DEFAULT_FORM, handles: 'ada', depth: 'until', until: '2026-01-01', maxPages: '40' },
      TODAY,
    );
    expect(until).toEqual({
      spec: {
        handles: ['ada'],
        searches: [],
        timeline: { until: '2026-01-01', maxPages: 40 },
        searchPages: 1,
        concurrency: 2,
      },
    });
    const end = specFromForm({ ...DEFAULT_FORM, handles: 'ada', depth: 'end' }, TODAY);
    expect(end).toEqual({
      spec: {
        handles: ['ada'],
        searches: [],
        timeline: { untilEnd: true, maxPages: 100 },
        searchPages: 1,
        concurrency: 2,
      },
    });
  });

  it('names every field that must change first', () => {
    expect(specFromForm(DEFAULT_FORM, TODAY)).toEqual({ problems: { form: 'Add at least one handle or one search.' } });
    const bad = specFromForm(
      {
        ...DEFAULT_FORM,
        handles: 'ada',
        depth: 'until',
        until: '2027-01-01',
        maxPages: '0',
        searches: 'x',
        searchPages: '1.5',
        concurrency: '17',
      },
      TODAY,
    );
    expect(Object.keys('problems' in bad ? bad.problems : {}).sort()).toEqual([
      'concurrency',
      'maxPages',
      'searchPages',
      'until',
    ]);
  });
});

const job = (over: Partial<JobSummary>): JobSummary => ({
  spec: null,
  id: 'j1',
  createdAt: '',
  status: 'running',
  stopReason: null,
  stopMessage: null,
  quoteMaxCredits: '1.8',
  spent: '0.6',
  pagesDone: 6,
  pagesPlanned: 18,
  postsDone: 120,
  pagesFromArchive: 0,
  settling: false,
  concurrency: 2,
  ...over,
});

describe('job words and figures', () => {
  it('says which ceiling stopped a job', () => {
    expect(stopTitle(job({ status: 'stopped', stopReason: 'quote' }))).toBe('Stopped at the quote');
    expect(stopTitle(job({ status: 'stopped', stopReason: 'limit' }))).toBe(
      "Stopped: the operator's credit limit is reached",
    );
    expect(stopTitle(job({ status: 'cancelled', stopReason: 'cancelled' }))).toBe('Cancelled');
    expect(stopTitle(job({ status: 'stopped', stopReason: 'creator-removed' }))).toBe(
      'Stopped: the person who started it was removed',
    );
    expect(stopTitle(job({ status: 'done' }))).toBeNull();
  });

  it('computes shares exactly and what a resume may still spend', () => {
    expect(percent(6, 18)).toBe(33);
    expect(percent(0, 0)).toBe(100);
    expect(pageProgress(6, 18, false)).toEqual({ value: 33, text: '6/18' });
    // A timeline that ended before its cap is finished, not a third done.
    expect(pageProgress(28, 100, true)).toEqual({ value: 100, text: '28 of at most 100' });
    expect(pageProgress(9, 9, true)).toEqual({ value: 100, text: '9/9' });
    expect(creditPercent('0.6', '1.8')).toBe(33);
    expect(creditPercent('0', '0')).toBe(100);
    expect(creditsLeft(job({}))).toBe('1.2');
    expect(creditsLeft(job({ spent: '2' }))).toBe('0');
  });

  it('sums the running jobs for the header', () => {
    expect(
      runningSummary([
        job({}),
        job({ id: 'j2', pagesDone: 1, pagesPlanned: 3, spent: '0.1' }),
        job({ status: 'done' }),
      ]),
    ).toEqual({ firstId: 'j1', count: 2, pagesDone: 7, pagesPlanned: 21, spent: '0.7' });
    expect(runningSummary([job({ status: 'paused' })])).toBeNull();
  });

  it('puts on Start the most it can spend: the quote, or what the limit leaves', () => {
    const quote = { fits: true, budgetLeft: '5', maxCredits: '1.8', pagesToBuy: 18 };
    expect(startLabel(quote)).toBe('Start job · at most 1.8 credits');
    expect(startLabel({ ...quote, budgetLeft: null })).toBe('Start job · at most 1.8 credits');
    expect(startLabel({ ...quote, fits: false, budgetLeft: '0.4', maxCredits: '0.6' })).toBe(
      'Start job · at most 0.4 credits, then it stops at the limit',
    );
    // Every page in the archive: nothing is bought. A limit that leaves nothing: no price at all.
    expect(startLabel({ ...quote, maxCredits: '0', pagesToBuy: 0 })).toBe('Start job · 0 credits · from archive');
    expect(startLabel({ ...quote, fits: false, budgetLeft: '0', pagesToBuy: 2 })).toBe('Start job · limit reached');
  });
});
