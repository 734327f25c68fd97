import { useCallback, useState, type ImgHTMLAttributes, type ReactNode } from 'react';

/**
 * Whether the image at `src` failed (a 404, a blocked host), and the props that find out. A server-rendered
 * image can fail before React listens for `error`, so the element is also checked as it mounts: loaded, no pixels.
 */
export function useImageFailure(src: string) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useCallback(
    (element: HTMLImageElement | null) => {
      if (element?.complete && element.naturalWidth === 0 && element.getAttribute('src')) setFailedSrc(src);
    },
    [src],
  );
  return { failed: failedSrc === src, watch: { ref, onError: () => setFailedSrc(src) } };
}

/** An <img> that gives way to `fallback` when it fails: never the browser's broken-image icon and spilling alt text. */
export function FallibleImage({
  fallback,
  ...image
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string; fallback: ReactNode }) {
  const { failed, watch } = useImageFailure(image.src);
  return failed ? <>{fallback}</> : <img {...image} {...watch} />;
}

/** What stands in a failed photo's box: a neutral tile that says so, with the original's address when there is one. */
export function ImageUnavailable({
  original,
  label = 'Image unavailable',
  className = '',
}: {
  original?: string | null;
  label?: string;
  className?: string;
}) {
  return (
    <span
      data-testid="image-unavailable"
      className={`flex h-full w-full flex-col items-center justify-center gap-1 bg-slate-200 p-2 text-center text-xs
        text-slate-600 dark:bg-slate-800 dark:text-slate-300 ${className}`}
    >
      <span>{label}</span>
      {original && (
        <a
          href={original}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="open-original"
          className="font-semibold text-brand-700 underline dark:text-sky-300"
        >
          Open original
        </a>
      )}
    </span>
  );
}
