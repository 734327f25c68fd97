import type { Video } from '../../../contract/upstream/types';
import { FallibleImage } from '../../../components/FallibleImage';
import { duration } from '../../../contract/dates/format';
import { PlayIcon } from './Icons';

/** The thumbnail with a play badge and its length; it opens the best MP4 variant when there is a safe one. */
export function VideoThumb({ video }: { video: Video }) {
  const length = video.durationMs !== null ? duration(video.durationMs) : null;
  const body = (
    <>
      <FallibleImage
        fallback={null}
        src={video.thumbnailUrl}
        alt=""
        width={video.width}
        height={video.height}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className="absolute inset-0 h-full w-full object-cover"
      />
      <span
        aria-hidden="true"
        className="absolute left-1/2 top-1/2 flex h-14 w-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-brand-500/90 text-white shadow-lg ring-4 ring-white/30"
      >
        <PlayIcon className="ml-0.5" />
      </span>
      {length && (
        <span
          data-testid="video-duration"
          className="absolute bottom-2 left-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-semibold text-white"
        >
          {length}
        </span>
      )}
    </>
  );
  const className =
    'relative mt-3 block overflow-hidden rounded-2xl border border-slate-200 bg-slate-900 dark:border-slate-800';
  const style = { aspectRatio: `${video.width} / ${video.height}` };
  const label = `Play video${length ? `, ${length}` : ''}`;
  return video.playUrl ? (
    <a
      href={video.playUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      data-testid="video"
      className={className}
      style={style}
    >
      {body}
    </a>
  ) : (
    <div
      role="img"
      aria-label={`Video${length ? `, ${length}` : ''} (no playable version)`}
      data-testid="video"
      className={className}
      style={style}
    >
      {body}
    </div>
  );
}
