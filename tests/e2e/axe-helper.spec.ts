import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";

// The JavaScript-off project's accessibility check switches script on for axe alone (tests/e2e/helpers/axe.ts):
// this proves the page's own scripts stay off during the check and on every page after it.
test("the accessibility check leaves the page's script off @no-js", async ({ page }) => {
  const probe =
    "<!doctype html><html lang=en><head><title>not run</title></head>" +
    "<body><main><h1>Probe</h1><script>document.title = 'ran'</script></main></body></html>";
  await page.route("**/axe-probe-*", (route) => route.fulfill({ contentType: "text/html", body: probe }));

  await page.goto("/axe-probe-1");
  await expectAccessible(page);
  expect(await page.title()).toBe("not run");
  await page.goto("/axe-probe-2");
  expect(await page.title()).toBe("not run");
});

// The check must still fail a page that breaks a rule, in both projects.
test("the accessibility check finds a missing text alternative", async ({ page }) => {
  const broken =
    "<!doctype html><html lang=en><head><title>Broken</title></head>" +
    '<body><main><h1>Probe</h1><img src="/favicon.ico"></main></body></html>';
  await page.route("**/axe-broken", (route) => route.fulfill({ contentType: "text/html", body: broken }));
  await page.goto("/axe-broken");
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt/);
});
