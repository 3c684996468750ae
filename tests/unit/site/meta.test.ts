import { describe, expect, it } from "vitest";
import { fullTitle, pageMeta } from "~/utils/meta";

const args = {
  location: { pathname: "/about" },
  matches: [{ id: "root", data: { siteName: "Maths Sprint", siteUrl: "https://example.org" } }],
};

describe("page metadata", () => {
  it("suffixes the title with the product name unless it already has it", () => {
    expect(fullTitle("About Us", "Maths Sprint")).toBe("About Us | Maths Sprint");
    expect(fullTitle("Maths Sprint Leaderboards", "Maths Sprint")).toBe("Maths Sprint Leaderboards");
  });

  it("sets description, keywords, canonical link, social cards and robots", () => {
    const tags = pageMeta(args, { title: "About Us", description: "Who we are.", keywords: ["maths", "games"] });
    expect(tags).toContainEqual({ title: "About Us | Maths Sprint" });
    expect(tags).toContainEqual({ name: "description", content: "Who we are." });
    expect(tags).toContainEqual({ name: "keywords", content: "maths, games" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.org/about" });
    expect(tags).toContainEqual({ property: "og:title", content: "About Us | Maths Sprint" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://example.org/about" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ name: "robots", content: "index, follow" });
  });

  it("lets private pages opt out of indexing and name their canonical path", () => {
    const tags = pageMeta(args, { title: "Admin", description: "x", robots: "noindex, nofollow", path: "/admin" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.org/admin" });
  });
});
