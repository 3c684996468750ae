import { test } from "@playwright/test";

/** Runs the tests of the enclosing file or describe block in one project only, saying why. */
export function onlyIn(project: "js-on" | "js-off", why: string) {
  test.beforeEach(() => {
    test.skip(test.info().project.name !== project, why);
  });
}
