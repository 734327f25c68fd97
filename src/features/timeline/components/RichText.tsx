import { Link } from '@tanstack/react-router';
import { Fragment, useMemo } from 'react';
import type { LinkEntity } from '../../../api/types';
import { splitEntities } from '../../../lib/entities';

// Underlined (faintly) so links stand apart from the text by more than colour.
const linkClass = 'text-brand-600 underline decoration-brand-500/30 underline-offset-2 hover:decoration-current dark:text-sky-400 dark:decoration-sky-400/40 [overflow-wrap:anywhere]';

/** Untrusted text as React text: line breaks kept, links, mentions and hashtags as real links. */
export function RichText({ text, links, lang, hasMedia = false, className = '' }: {
  text: string; links?: readonly LinkEntity[]; lang?: string | null; hasMedia?: boolean; className?: string;
}) {
  const segments = useMemo(() => splitEntities(text, { links, dropTrailingMediaLink: hasMedia }), [text, links, hasMedia]);
  if (segments.length === 0) return null;
  return (
    <p lang={lang ?? undefined} data-testid="rich-text" className={`whitespace-pre-wrap break-words [overflow-wrap:anywhere] ${className}`}>
      {segments.map((segment, index) => {
        switch (segment.kind) {
          case 'link':
            return <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow" title={segment.href} className={linkClass}>{segment.text}</a>;
          case 'mention':
            return <Link key={index} to="/timeline" search={{ screen_name: segment.handle }} className={linkClass}>{segment.text}</Link>;
          case 'hashtag':
            return <Link key={index} to="/search" search={{ q: `#${segment.tag}` }} className={linkClass}>{segment.text}</Link>;
          default:
            return <Fragment key={index}>{segment.text}</Fragment>;
        }
      })}
    </p>
  );
}
