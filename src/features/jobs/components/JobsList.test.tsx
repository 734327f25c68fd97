// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobSpec, JobSummary } from '../../../api/jobs';
import { renderInRouter } from '../../../testing/render-in-router';
import { formFromSpec, specFromForm } from '../job-form';
import { jobName } from '../job-words';
import { JobsList } from './JobsList';

afterEach(cleanup);

const spec: JobSpec = {
  handles: ['ada', 'grace'],
  searches: ['rust async'],
  timeline: { pages: 3 },
  searchPages: 2,
  concurrency: 2,
};
const job = (id: string, asked: JobSpec | null): JobSummary => ({
  id,
  createdAt: '2026-11-25T10:00:00.000Z',
  status: 'done',
  stopReason: null,
  stopMessage: null,
  quoteMaxCredits: '0.8',
  spent: '0.8',
  pagesDone: 8,
  pagesPlanned: 8,
  postsDone: 120,
  pagesFromArchive: 0,
  settling: false,
  concurrency: 2,
  spec: asked,
});

describe('jobs are named by what they collect and can be run again', () => {
  it('names a job by its handles, searches and depth', () => {
    expect(jobName(spec)).toBe('@ada, @grace · 3 pages each + “rust async” · 2 pages');
    expect(
      jobName({
        ...spec,
        handles: ['a', 'b', 'c', 'd'],
        searches: [],
        timeline: { until: '2026-11-01', maxPages: 50 },
      }),
    ).toBe('@a, @b, @c +1 more · back to Nov 1, 2026');
  });

  it('a job run again fills the form with exactly what it asked', () => {
    for (const asked of [
      spec,
      { ...spec, timeline: { untilEnd: true, maxPages: 40 } },
      { ...spec, handles: [], timeline: {} },
    ])
      expect(specFromForm(formFromSpec(asked), '2026-11-25')).toEqual({ spec: asked });
  });

  it('the list shows each job’s name and a Run again that hands back its spec (no id-only rows)', async () => {
    const onRunAgain = vi.fn();
    await renderInRouter(
      <JobsList jobs={[job('387b2a3d-1', spec), job('9f00aa11-2', null)]} shown={undefined} onRunAgain={onRunAgain} />,
    );
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links).toContain('@ada, @grace · 3 pages each + “rust async” · 2 pages');
    // A row from a server without specs still has a name to click.
    expect(links).toContain('Job 9f00aa11');
    const again = screen.getAllByTestId('job-run-again');
    expect(again).toHaveLength(1);
    fireEvent.click(again[0]!);
    expect(onRunAgain).toHaveBeenCalledWith(spec);
  });
});
