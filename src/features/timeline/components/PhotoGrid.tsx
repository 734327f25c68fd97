import type { CSSProperties } from 'react';
import type { Photo } from '../../../contract/upstream/types';
import { ImageUnavailable, useImageFailure } from '../../../components/FallibleImage';
import { useOpenLightbox } from '../hooks/lightbox-context';

/** The platform's layouts by count; every cell's size is known before any image loads. */
const LAYOUTS: Record<number, { grid: string; cells: string[] }> = {
  2: { grid: 'grid-cols-2 grid-rows-1', cells: ['', ''] },
  3: { grid: 'grid-cols-2 grid-rows-2', cells: ['row-span-2', '', ''] },
  4: { grid: 'grid-cols-2 grid-rows-2', cells: ['', '', '', ''] },
};

const frame =
  'mt-3 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-900';

function Tile({
  photo,
  label,
  className,
  style,
  onOpen,
  extra = 0,
}: {
  photo: Photo;
  label: string;
  className?: string;
  style?: CSSProperties;
  onOpen: () => void;
  extra?: number;
}) {
  const { failed, watch } = useImageFailure(photo.url);
  if (failed) {
    // Nothing to enlarge: a tile that says so, and the original's address (it may load on its own page).
    return (
      <div
        role="img"
        aria-label={`${label.replace(/^Open p/, 'P')} (unavailable)`}
        data-testid="photo-tile"
        data-failed="true"
        className={`relative block h-full w-full overflow-hidden ${className ?? ''}`}
        style={style}
      >
        <ImageUnavailable original={photo.url} label="Photo unavailable" className="absolute inset-0" />
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={extra ? `${label}, and ${extra} more` : label}
      data-testid="photo-tile"
      className={`relative block h-full w-full overflow-hidden bg-slate-200 dark:bg-slate-800 ${className ?? ''}`}
      style={style}
    >
      <img
        src={photo.url}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        {...watch}
        style={{ objectPosition: photo.focus ?? 'center' }}
        className="absolute inset-0 h-full w-full object-cover"
      />
      {extra > 0 && (
        <span
          aria-hidden="true"
          data-testid="photo-more"
          className="absolute inset-0 flex items-center justify-center bg-black/55 text-2xl font-bold text-white"
        >
          +{extra}
        </span>
      )}
    </button>
  );
}

export function PhotoGrid({ photos }: { photos: readonly Photo[] }) {
  const open = useOpenLightbox();
  if (photos.length === 0) return null;
  // A described photo already says which it is ("Photo 1 of 3: …", src/contract/upstream/post.ts): said once.
  const label = (index: number) => `Open ${photos[index]!.alt || `photo ${index + 1} of ${photos.length}`}`;

  if (photos.length === 1) {
    const photo = photos[0]!;
    // Its own aspect ratio, capped: a tall photo becomes narrower rather than taller than the screen.
    const ratio = photo.width / photo.height;
    return (
      <div
        className={`${frame} max-w-full`}
        data-testid="photo-grid"
        data-count={1}
        style={{ width: `min(100%, ${Math.round(510 * ratio)}px, calc(70vh * ${ratio.toFixed(4)}))` }}
      >
        <Tile
          photo={photo}
          label={label(0)}
          onOpen={() => open(photos, 0)}
          style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
        />
      </div>
    );
  }

  const shown = photos.slice(0, 4);
  const layout = LAYOUTS[shown.length]!;
  return (
    <div
      className={`${frame} grid aspect-[16/9] gap-0.5 ${layout.grid}`}
      data-testid="photo-grid"
      data-count={photos.length}
    >
      {shown.map((photo, index) => (
        <Tile
          key={photo.id}
          photo={photo}
          label={label(index)}
          className={layout.cells[index]}
          onOpen={() => open(photos, index)}
          extra={index === 3 ? photos.length - 4 : 0}
        />
      ))}
    </div>
  );
}
