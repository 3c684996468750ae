import { createContext, createElement, useContext, type FunctionComponent, type ReactElement } from "react";

/**
 * The markup of a pure component for the given props, rendered once and then reused (the server's, from
 * app/utils/markup-cache.server.ts through app/entry.server.tsx; the browser has none).
 */
export type MarkupCache = <P extends object>(component: FunctionComponent<P>, props: P) => string;

const MarkupCacheContext = createContext<MarkupCache | null>(null);
export const MarkupCacheProvider = MarkupCacheContext.Provider;

/** Set both on the element: one of them is always undefined. (Not spread: a spread costs the browser's build a helper.) */
export type KeptContent = { dangerouslySetInnerHTML?: { __html: string }; children?: ReactElement };

/**
 * The content of an element that is the same on every page for the same props (the header's links, the footer):
 * on the server its kept markup, in the browser the component itself, which hydrates against that markup and then
 * lives as any other (docs/decisions/0032-kept-markup-for-the-site-chrome.md):
 * `<footer dangerouslySetInnerHTML={content.dangerouslySetInnerHTML}>{content.children}</footer>`.
 *
 * `component` must render from its props alone (no hooks that read a context, a request or the time), and props
 * must be plain data: they are the cache's key, so two requests share the markup only when their props are equal.
 */
export function useCachedMarkup<P extends object>(component: FunctionComponent<P>, props: P): KeptContent {
  const cache = useContext(MarkupCacheContext);
  return cache
    ? { dangerouslySetInnerHTML: { __html: cache(component, props) } }
    : { children: createElement(component, props) };
}
