import { Link } from '@tanstack/react-router';
import type { SpendDimension, SpendGroup } from '../../../api/spend';
import { groupName } from '../spend-view';

const link = 'text-brand-700 underline-offset-2 hover:underline dark:text-sky-300';

/** Each group opens what it bought: a handle's or a query's pages in History (free), a day's spend, a job. */
export function SpendGroupLink({ by, group }: { by: SpendDimension; group: SpendGroup }) {
  const name = groupName(by, group.key);
  const { key } = group;
  if (key === null) return <span className="font-normal italic text-slate-600 dark:text-slate-400">{name}</span>;
  switch (by) {
    case 'handle':
      return (
        <Link
          to="/history"
          search={{ operation: 'timeline', subject: key.startsWith('#') ? key.slice(1) : key }}
          className={link}
        >
          {key.startsWith('#') ? name : `@${name}`}
        </Link>
      );
    case 'query':
      return (
        <Link to="/history" search={{ operation: 'search', subject: key }} className={link}>
          {name}
        </Link>
      );
    case 'day':
      return (
        <Link
          to="/credits"
          search={{ by: 'handle', period: 'custom', from: key, to: key }}
          resetScroll={false}
          className={link}
        >
          {name}
        </Link>
      );
    case 'job':
      return (
        <Link to="/jobs" search={{ job: key }} className={link}>
          {name}
        </Link>
      );
    case 'person':
    case 'watch':
      return <span>{name}</span>;
  }
}
