import type { ReactNode } from 'react';

/** Web addresses in a sentence; a trailing full stop, comma or bracket is the sentence's, not the address's. */
const ADDRESS = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;

/**
 * A sentence with its web addresses as links (opened outside the app): a refusal that names where
 * to look, such as a foral territory's own cadastre, stays one click away.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={match[0]} target="_blank" rel="noreferrer">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
