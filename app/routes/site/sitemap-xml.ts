import { config } from "~/config.server";
import { sitemapPaths } from "~/pages/mode-links.server";

export function loader() {
  const urls = sitemapPaths()
    .map((path) => `  <url><loc>${config.siteUrl}${path}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
