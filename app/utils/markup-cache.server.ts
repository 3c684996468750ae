import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import { serverLinks } from "~/utils/server-links";
import type { MarkupCache } from "~/utils/markup-cache";

/**
 * Kept markups per component, each keyed by its props; the oldest goes when a component has this many (a
 * member's name is in the header's props, so there is one per member signed in, and a visitor's few per page).
 */
export const KEPT_PER_COMPONENT = 500;

const kept = new WeakMap<object, Map<string, string>>();

/**
 * React's own server rendering of the component, done once per distinct props
 * (docs/decisions/0032-kept-markup-for-the-site-chrome.md). renderToString writes the same markup, text
 * separators included, that the page's render would have written in its place, so the browser hydrates it as if
 * it had.
 */
export const cachedMarkup: MarkupCache = (component, props) => {
  let byProps = kept.get(component);
  if (!byProps) {
    byProps = new Map();
    kept.set(component, byProps);
  }
  const key = JSON.stringify(props);
  let markup = byProps.get(key);
  if (markup === undefined) {
    markup = renderPlain(component, props);
    if (byProps.size >= KEPT_PER_COMPONENT) byProps.delete(byProps.keys().next().value as string);
    byProps.set(key, markup);
  }
  return markup;
};

/** A kept markup is rendered outside the router, so its links are plain even when they are switched off. */
function renderPlain<P extends object>(component: FunctionComponent<P>, props: P): string {
  const plain = serverLinks.plain;
  serverLinks.plain = true;
  try {
    return renderToString(createElement(component, props));
  } finally {
    serverLinks.plain = plain;
  }
}
