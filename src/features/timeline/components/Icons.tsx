/** Small inline icons; decorative unless given a label. */
type IconProps = { className?: string };

const base = 'inline-block shrink-0';

export function VerifiedBadge({ className = 'h-4 w-4' }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" role="img" aria-label="Verified account" className={`${base} text-brand-500 ${className}`} data-testid="verified-badge">
      <title>Verified account</title>
      <path fill="currentColor" d="M22.25 12c0-1.43-.88-2.67-2.19-3.34.46-1.39.2-2.9-.81-3.91s-2.52-1.27-3.91-.81C14.67 2.63 13.43 1.75 12 1.75s-2.67.88-3.33 2.19c-1.4-.46-2.91-.2-3.92.81s-1.26 2.52-.8 3.91C2.63 9.33 1.75 10.57 1.75 12s.88 2.67 2.2 3.34c-.46 1.39-.21 2.9.8 3.91s2.52 1.26 3.91.81c.67 1.31 1.91 2.19 3.34 2.19s2.68-.88 3.34-2.19c1.39.45 2.9.2 3.91-.81s1.27-2.52.81-3.91c1.31-.67 2.19-1.91 2.19-3.34zm-11.71 4.2L6.8 12.46l1.41-1.42 2.26 2.26 4.8-5.23 1.47 1.36-6.2 6.77z" />
    </svg>
  );
}

function Path({ d, className = 'h-4 w-4' }: IconProps & { d: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`${base} ${className}`} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

export const ReplyIcon = (p: IconProps) => <Path {...p} d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.2-4.3A8 8 0 1 1 21 12z" />;
export const RepostIcon = (p: IconProps) => <Path {...p} d="M7 7h10l-3-3M17 17H7l3 3M17 7v5M7 17v-5" />;
export const QuoteIcon = (p: IconProps) => <Path {...p} d="M7 7h4v4H8v2a2 2 0 0 0 2 2M13 7h4v4h-3v2a2 2 0 0 0 2 2" />;
export const HeartIcon = (p: IconProps) => <Path {...p} d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />;
export const BookmarkIcon = (p: IconProps) => <Path {...p} d="M6 4h12v16l-6-4-6 4z" />;
export const ViewsIcon = (p: IconProps) => <Path {...p} d="M4 20V10M10 20V4M16 20v-8M22 20H2" />;
export const PinIcon = (p: IconProps) => <Path {...p} d="M9 4h6l-1 6 4 3v2H6v-2l4-3zM12 15v6" />;
export const LocationIcon = (p: IconProps) => <Path {...p} d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />;
export const CalendarIcon = (p: IconProps) => <Path {...p} d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5" />;
export const LinkIcon = (p: IconProps) => <Path {...p} d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />;
export const LockIcon = (p: IconProps) => <Path {...p} d="M6 11h12v9H6zM8 11V8a4 4 0 0 1 8 0v3" />;
export const PlayIcon = ({ className = 'h-6 w-6' }: IconProps) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className={`${base} ${className}`}><path fill="currentColor" d="M8 5v14l11-7z" /></svg>
);
