import { FallibleImage } from '../../../components/FallibleImage';

/** A round avatar with its space reserved; the initial shows when there is no safe image, or it fails to load. */
export function Avatar({ url, name, size = 40 }: { url: string | null; name: string; size?: number }) {
  const style = { width: size, height: size };
  const initial = (
    <span
      aria-hidden="true"
      data-testid="avatar-initial"
      style={style}
      className="flex shrink-0 items-center justify-center rounded-full bg-slate-300 font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200"
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
  if (!url) return initial;
  return (
    <FallibleImage
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      style={style}
      className="shrink-0 rounded-full bg-slate-200 object-cover dark:bg-slate-800"
      fallback={initial}
    />
  );
}
