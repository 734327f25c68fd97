import { useState } from 'react';
import { FallibleImage } from '../../../components/FallibleImage';
import type { Profile } from '../../../contract/upstream/types';
import { writeDate } from '../../../contract/dates/date-format';
import type { DateStyle } from '../../../contract/dates/date-style';
import { displayUrl } from '../../../contract/upstream/entities';
import { useDateStyle } from '../../../lib/use-date-style';
import { Count } from './Count';
import { CalendarIcon, LinkIcon, LocationIcon, LockIcon, VerifiedBadge } from './Icons';
import { RichText } from './RichText';

const joined = (iso: string, style: DateStyle) => `Joined ${writeDate(iso, 'month', style)}`;

/**
 * The profile as the platform shows it: banner, avatar, names, bio with entities, facts, counts. On a phone it
 * starts compact (a small avatar, the names) so the first post is on the first screen; "More about" opens the rest.
 */
export function ProfileHeader({ user, fallbackHandle }: { user: Profile; fallbackHandle: string | null }) {
  const handle = user.handle ?? fallbackHandle;
  const style = useDateStyle();
  const [expanded, setExpanded] = useState(false);
  // Hidden below `sm` until expanded; always shown from `sm` up. CSS only: the server's HTML is the same.
  const more = expanded ? '' : 'max-sm:hidden';
  const initial = (
    <span
      aria-hidden="true"
      className={`flex items-center justify-center rounded-full bg-slate-300 font-bold text-slate-700 sm:h-20 sm:w-20 sm:text-3xl dark:bg-slate-700 dark:text-slate-200 ${expanded ? 'h-20 w-20 text-3xl' : 'h-12 w-12 text-xl'}`}
    >
      {(user.name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
  return (
    <section
      aria-labelledby="profile-name"
      data-testid="profile-header"
      className="border-b border-slate-200 dark:border-slate-800"
    >
      <div
        className={`${more} aspect-[3/1] w-full sm:aspect-[6/1] overflow-hidden bg-gradient-to-br from-slate-200 to-slate-300 dark:from-slate-800 dark:to-slate-900`}
      >
        {user.bannerUrl && (
          <FallibleImage
            fallback={null}
            src={user.bannerUrl}
            alt=""
            width={1500}
            height={500}
            referrerPolicy="no-referrer"
            decoding="async"
            className="h-full w-full object-cover"
            data-testid="profile-banner"
          />
        )}
      </div>
      <div className="px-4 pb-3">
        <div
          className={`mb-2 w-fit rounded-full bg-white p-1 dark:bg-slate-950 sm:-mt-10 ${expanded ? '-mt-[12%]' : 'max-sm:float-left max-sm:mr-3 max-sm:mt-3 max-sm:mb-0 max-sm:p-0'}`}
        >
          {user.avatarUrl ? (
            <FallibleImage
              src={user.avatarUrl}
              alt={`${user.name}’s avatar`}
              width={128}
              height={128}
              referrerPolicy="no-referrer"
              decoding="async"
              data-testid="profile-avatar"
              fallback={initial}
              className={`rounded-full bg-slate-200 object-cover sm:h-20 sm:w-20 dark:bg-slate-800 ${expanded ? 'h-20 w-20' : 'h-12 w-12'}`}
            />
          ) : (
            initial
          )}
        </div>
        <h1
          id="profile-name"
          className={`${expanded ? '' : 'max-sm:pt-3'} flex items-center gap-1 text-xl font-extrabold leading-tight text-slate-900 break-words [overflow-wrap:anywhere] dark:text-white`}
        >
          <span>{user.name || handle || 'Unknown account'}</span>
          {user.verified && <VerifiedBadge size={20} />}
          {user.protected && (
            <span title="Protected account">
              <LockIcon />
              <span className="sr-only">Protected account</span>
            </span>
          )}
        </h1>
        {handle && (
          <p className="text-[15px] text-slate-600 dark:text-slate-400" data-testid="profile-handle">
            @{handle}
          </p>
        )}
        <button
          type="button"
          aria-expanded={expanded}
          data-testid="profile-more"
          onClick={() => setExpanded((open) => !open)}
          className="clear-left mt-2 block text-sm font-medium text-brand-700 underline sm:hidden dark:text-sky-300"
        >
          {expanded ? 'Less' : `More about ${handle ? `@${handle}` : 'this account'}`}
        </button>
        <div className={more} data-testid="profile-more-details">
          {user.affiliate && <Affiliate affiliate={user.affiliate} />}
          {user.bio && <RichText text={user.bio} className="mt-2 text-[15px] text-slate-900 dark:text-slate-100" />}
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-[15px] text-slate-600 dark:text-slate-400">
            {user.location && (
              <li className="flex min-w-0 items-center gap-1">
                <LocationIcon />
                <span className="break-words [overflow-wrap:anywhere]">{user.location}</span>
              </li>
            )}
            {user.website && (
              <li className="flex items-center gap-1">
                <LinkIcon />
                <a
                  href={user.website}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="text-brand-600 hover:underline dark:text-sky-400"
                >
                  {displayUrl(user.website)}
                </a>
              </li>
            )}
            {user.createdAt && (
              <li className="flex items-center gap-1" data-testid="profile-joined">
                <CalendarIcon />
                {joined(user.createdAt, style)}
              </li>
            )}
          </ul>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-[15px]" data-testid="profile-counts">
            <Count value={user.counts.following} noun="following" strong testId="count-following" />
            <Count value={user.counts.followers} noun="followers" strong testId="count-followers" />
            <Count value={user.counts.posts} noun="posts" strong testId="count-posts" />
            <Count value={user.counts.media} noun="media" strong testId="count-media" />
          </div>
        </div>
      </div>
    </section>
  );
}

function Affiliate({ affiliate }: { affiliate: NonNullable<Profile['affiliate']> }) {
  const body = (
    <>
      {affiliate.badgeUrl && (
        <FallibleImage
          fallback={null}
          src={affiliate.badgeUrl}
          alt=""
          width={16}
          height={16}
          referrerPolicy="no-referrer"
          className="h-4 w-4 rounded-sm"
        />
      )}
      <span>{affiliate.description || 'Affiliated organisation'}</span>
    </>
  );
  const className =
    'mt-1 inline-flex items-center gap-1.5 rounded-md border border-slate-200 px-2 py-0.5 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300';
  return affiliate.url ? (
    <a
      href={affiliate.url}
      target="_blank"
      rel="noopener noreferrer"
      className={`${className} hover:bg-slate-50 dark:hover:bg-slate-900`}
      data-testid="affiliate"
    >
      {body}
    </a>
  ) : (
    <p className={`${className} w-fit`} data-testid="affiliate">
      {body}
    </p>
  );
}
