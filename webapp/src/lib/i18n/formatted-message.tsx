import { createElement, Fragment, isValidElement, type ReactNode } from 'react';
import { useIntl } from './i18n-provider';
import type { MessageValues } from './intl';
import type { MessageKey } from './messages';

/** A tag of the text (`<link>…</link>`): its content → what to show, e.g. `(chunks) => <Link to="/x">{chunks}</Link>`. */
type Tag = (chunks: ReactNode[]) => ReactNode;

export type RichMessageValues = Record<string, MessageValues[string] | ReactNode | Tag>;

type FormattedMessageProps = { id: MessageKey; values?: RichMessageValues };

/** A text of the catalogue with elements in it: values may be elements, and tags wrap their words in one. */
export function FormattedMessage({ id, values }: FormattedMessageProps) {
  const nodes = useIntl().formatRichMessage<ReactNode>({ id }, values && withKeyedChunks(values));
  // The parts as separate children rather than one array: React wants no keys for them.
  return Array.isArray(nodes) ? createElement(Fragment, null, ...nodes) : createElement(Fragment, null, nodes);
}

/** A tag gets its content as an array, which it renders as one child: its elements need keys. */
function withKeyedChunks(values: RichMessageValues): RichMessageValues {
  const keyed: RichMessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    keyed[name] = typeof value === 'function' ? (chunks: ReactNode[]) => value(chunks.map(withKey)) : value;
  }
  return keyed;
}

function withKey(chunk: ReactNode, index: number): ReactNode {
  return isValidElement(chunk) ? createElement(Fragment, { key: index }, chunk) : chunk;
}
