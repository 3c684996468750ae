import { expect, type Page } from "@playwright/test";

export const SITE_NAME = "Maths Sprint";

/** The metadata every public page must carry (docs/product.md#page-metadata). */
export async function expectPageMeta(page: Page, path: string) {
  const title = await page.title();
  expect(title).toContain(SITE_NAME);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /\w/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${escape(path)}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /\w/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`${escape(path)}$`));
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /summary/);
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute("content", title);
}

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
