import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Photo } from '../../../contract/upstream/types';
import { FallibleImage, ImageUnavailable } from '../../../components/FallibleImage';

const control =
  'rounded-full bg-black/60 p-2 text-white hover:bg-black/80 focus-visible:outline-white disabled:opacity-30';

/**
 * The post's photos at full size in a native modal <dialog>: showModal() keeps focus inside and
 * makes the rest of the page inert, Escape closes, the arrow keys step through the photos.
 */
export default function Lightbox({
  photos,
  start,
  onClose,
}: {
  photos: readonly Photo[];
  start: number;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const photo = photos[index]!;
  const many = photos.length > 1;

  // No close() on cleanup: StrictMode runs cleanup between its two mounts, and close() would fire the
  // dialog's close event and shut the lightbox at once. Removing the element on a real unmount ends the modal.
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const step = (delta: number) => setIndex((current) => (current + delta + photos.length) % photos.length);
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab') {
      // A modal dialog keeps the page inert, but Tab could still leave for the browser's own UI: wrap instead.
      const stops = [...event.currentTarget.querySelectorAll<HTMLElement>('button, a[href]')];
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : (at + 1) % stops.length;
      event.preventDefault();
      stops[next]?.focus();
    }
    if (event.key === 'ArrowRight' && many) {
      event.preventDefault();
      step(1);
    }
    if (event.key === 'ArrowLeft' && many) {
      event.preventDefault();
      step(-1);
    }
  };
  // A click on the backdrop lands on the <dialog> element itself.
  const onClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-label={`Photo ${index + 1} of ${photos.length}`}
      data-testid="lightbox"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={onClick}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-transparent p-0 backdrop:bg-black"
    >
      <div className="pointer-events-none flex h-full w-full items-center justify-center p-2 sm:p-10">
        <FallibleImage
          key={photo.id}
          fallback={
            <span className="pointer-events-auto block h-48 w-72 max-w-full overflow-hidden rounded-xl">
              <ImageUnavailable label="Photo unavailable" />
            </span>
          }
          src={photo.url}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          referrerPolicy="no-referrer"
          data-testid="lightbox-image"
          className="pointer-events-auto max-h-full max-w-full object-contain"
        />
      </div>
      <div className="absolute right-3 top-3 flex items-center gap-2">
        <a
          href={photo.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="lightbox-original"
          className="rounded-full bg-black/60 px-3 py-1.5 text-sm font-medium text-white no-underline hover:bg-black/80 focus-visible:outline-white"
        >
          Open original
        </a>
        {many && (
          <span
            data-testid="lightbox-counter"
            className="rounded-full bg-black/60 px-3 py-1 text-sm font-medium text-white"
          >
            {index + 1} / {photos.length}
          </span>
        )}
        <button type="button" onClick={onClose} aria-label="Close" className={control} autoFocus>
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      {many && (
        <>
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label="Previous photo"
            className={`${control} absolute left-3 top-1/2 -translate-y-1/2`}
          >
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
            >
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
          <button
            type="button"
            onClick={() => step(1)}
            aria-label="Next photo"
            className={`${control} absolute right-3 top-1/2 -translate-y-1/2`}
          >
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
            >
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
        </>
      )}
      {photo.alt && (
        <p className="absolute inset-x-0 bottom-0 line-clamp-2 bg-gradient-to-t from-black/80 px-4 pb-3 pt-6 text-center text-sm text-white">
          {photo.alt}
        </p>
      )}
    </dialog>
  );
}
