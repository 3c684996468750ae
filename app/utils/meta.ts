import type { MetaDescriptor } from "@remix-run/node";

export type SiteInfo = { siteName: string; siteUrl: string };

export type PageMeta = {
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Canonical path; defaults to the current path (never its query string). */
  path?: string;
  /** Pages behind a login ask not to be indexed. */
  robots?: "index, follow" | "noindex, nofollow";
};

type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>;
};

/** The title rule (docs/product.md#page-metadata): suffixed with the product name unless it already contains it. */
export function fullTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

export function siteInfoFrom(matches: MetaArgsLike["matches"]): SiteInfo {
  const root = matches.find((m) => m?.id === "root")?.data as Partial<SiteInfo> | undefined;
  return { siteName: root?.siteName ?? "Maths Sprint", siteUrl: root?.siteUrl ?? "" };
}

/** Every page's metadata: title, description, keywords, canonical link, Open Graph and Twitter cards, robots. */
export function pageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const { siteName, siteUrl } = siteInfoFrom(args.matches);
  const title = fullTitle(page.title, siteName);
  const url = `${siteUrl}${page.path ?? args.location.pathname}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { name: "robots", content: page.robots ?? "index, follow" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${siteUrl}/social-card.png` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: `${siteUrl}/social-card.png` },
  ];
  if (page.keywords?.length) tags.push({ name: "keywords", content: page.keywords.join(", ") });
  return tags;
}
