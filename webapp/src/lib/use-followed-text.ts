import { useState } from 'react';

/**
 * The text of a box that the user types into and that follows `source` (a search in the URL)
 * whenever `source` changes: Back/Forward or another link changed the search, and the box
 * shows it. `null` empties the box (the search no longer applies).
 */
export function useFollowedText(source: string | null): [string, (text: string) => void] {
  const [text, setText] = useState(source ?? '');
  const [followed, setFollowed] = useState(source);
  if (followed !== source) {
    // Set during render, as React recommends for state that follows a prop: no extra frame.
    setFollowed(source);
    setText(source ?? '');
  }
  return [text, setText];
}
