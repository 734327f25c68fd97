import { Fragment, useId, useMemo } from 'react';
import type { LinkEntity } from '../../../contract/upstream/types';
import { PopoverButton } from '../../../components/Popover';
import { splitEntities } from '../../../contract/upstream/entities';
import { FIND_HINT_ID, useFindInLoaded } from '../hooks/find-context';
import { ProfileMenu } from './ProfileMenu';
import { WebSearchLink } from './WebSearchLink';

// Underlined (faintly) so links stand apart from the text by more than colour.
const linkClass =
  'text-brand-600 underline decoration-brand-500/30 underline-offset-2 hover:decoration-current dark:text-sky-400 dark:decoration-sky-400/40 [overflow-wrap:anywhere]';

/**
 * Untrusted text as React text: line breaks kept, links as real links. Mentions open a menu with the price
 * of that timeline; hashtags filter the loaded posts for free, and only an explicit, priced link searches.
 */
export function RichText({
  text,
  links,
  lang,
  hasMedia = false,
  className = '',
}: {
  text: string;
  links?: readonly LinkEntity[];
  lang?: string | null;
  hasMedia?: boolean;
  className?: string;
}) {
  const segments = useMemo(
    () => splitEntities(text, { links, dropTrailingMediaLink: hasMedia }),
    [text, links, hasMedia],
  );
  if (segments.length === 0) return null;
  return (
    <p
      lang={lang ?? undefined}
      data-testid="rich-text"
      className={`whitespace-pre-wrap break-words [overflow-wrap:anywhere] ${className}`}
    >
      {segments.map((segment, index) => {
        switch (segment.kind) {
          case 'link':
            return (
              <a
                key={index}
                href={segment.href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                title={segment.href}
                className={linkClass}
              >
                {segment.text}
              </a>
            );
          case 'mention':
            return (
              <ProfileMenu key={index} handle={segment.handle} className={`${linkClass} cursor-pointer`}>
                {segment.text}
              </ProfileMenu>
            );
          case 'hashtag':
            return <Hashtag key={index} text={segment.text} tag={segment.tag} />;
          default:
            return <Fragment key={index}>{segment.text}</Fragment>;
        }
      })}
    </p>
  );
}

function Hashtag({ text, tag }: { text: string; tag: string }) {
  const find = useFindInLoaded();
  const priceId = useId();
  if (find) {
    return (
      <button
        type="button"
        onClick={() => find(`#${tag}`)}
        aria-describedby={FIND_HINT_ID}
        data-testid="hashtag"
        className={`${linkClass} cursor-pointer`}
      >
        {text}
      </button>
    );
  }
  // No loaded posts to filter here (a bio above an empty timeline): searching is the only thing to offer.
  return (
    <PopoverButton
      label={text}
      panelLabel={`#${tag}`}
      describedBy={priceId}
      className={`${linkClass} cursor-pointer`}
      testId="hashtag"
    >
      <WebSearchLink q={`#${tag}`} priceId={priceId} className="px-2 py-2" />
    </PopoverButton>
  );
}
