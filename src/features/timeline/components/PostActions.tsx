import { Link } from '@tanstack/react-router';
import { PopoverButton } from '../../../components/Popover';
import { postUrl } from '../post-path';
import { CopyButton } from './CopyButton';
import { CopyLinkIcon, ExternalIcon, HashIcon, MoreIcon, OpenIcon } from './Icons';

const item = `flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left font-medium text-slate-900 no-underline hover:bg-slate-100
  focus-visible:bg-slate-100 dark:text-white dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800`;
const free = 'ml-auto shrink-0 text-xs font-normal text-emerald-700 dark:text-emerald-300';

/**
 * What can be done with a post without buying anything: open its own page (built from data already bought),
 * copy that page's link or the post's id, and open it on the platform when the answer gave its address.
 */
export function PostActions({ id, handle, permalink }: { id: string; handle: string; permalink: string | null }) {
  return (
    <PopoverButton
      testId="post-actions"
      panelLabel="Post actions"
      label={
        <>
          <MoreIcon />
          <span className="sr-only">Post actions</span>
        </>
      }
      className="post-actions-trigger"
    >
      <Link to="/timeline/$handle/post/$id" params={{ handle, id }} className={item} data-testid="open-post-view">
        <OpenIcon />
        Open post <span className={free}>free</span>
      </Link>
      <CopyButton
        text={postUrl(handle, id)}
        label="Copy link"
        done="Link copied"
        icon={<CopyLinkIcon />}
        testId="copy-post-link"
        className={item}
      />
      <CopyButton
        text={id}
        label="Copy post ID"
        done="Post ID copied"
        icon={<HashIcon />}
        testId="copy-post-id"
        className={item}
      />
      {permalink && (
        <a href={permalink} target="_blank" rel="noopener noreferrer" className={item} data-testid="open-on-platform">
          <ExternalIcon />
          Open on the platform
        </a>
      )}
      <p className="px-2 pt-1 pb-1 text-xs text-slate-500 dark:text-slate-400">
        The post’s page is built from posts already bought: opening it costs nothing.
      </p>
    </PopoverButton>
  );
}
