import { describe, expect, it } from "vitest";
import {
  PARENT_LINK_DAYS,
  expiryOf,
  firstNameOf,
  hashToken,
  isTokenShape,
  newParentLink,
  parentLinkUrl,
  tokenOf,
  tokenOfRow,
} from "~/school/parent-links.server";

/* Parent links' tokens, their hashes and their expiry (docs/product.md#parents, docs/decisions/0058-parent-links.md). */

describe("a parent link's token", () => {
  it("is 256 bits in 43 URL-safe characters, different every time", () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { token } = newParentLink("pupil", 0);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(isTokenShape(token)).toBe(true);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      tokens.add(token);
    }
    expect(tokens.size).toBe(200);
  });

  it("is not stored: the row holds its SHA-256 and the nonce, never the token", () => {
    const { row, token } = newParentLink("pupil", 0);
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row)).not.toContain(token);
    expect(row.nonce).not.toBe(token);
    // The nonce alone makes no token without the server's secret.
    expect(tokenOf(row.nonce, "another secret")).not.toBe(token);
  });

  it("can be made again from its row for the letter, and not after the secret changed", () => {
    const { row, token } = newParentLink("pupil", 0);
    expect(tokenOfRow(row)).toBe(token);
    const otherSecretsToken = tokenOf(row.nonce, "a rotated secret");
    expect(tokenOfRow({ ...row, tokenHash: hashToken(otherSecretsToken) })).toBeNull();
  });

  it("hashes the same token to the same hash, and different tokens apart", () => {
    const a = newParentLink("a", 0).token;
    const b = newParentLink("b", 0).token;
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toBe(hashToken(b));
  });

  it("rejects what cannot be a token", () => {
    const token = newParentLink("pupil", 0).token;
    for (const bad of ["", token.slice(1), `${token}A`, `${token.slice(1)}=`, `${token.slice(1)}/`, "x".repeat(200)])
      expect(isTokenShape(bad)).toBe(false);
  });

  it("is written out as the site's address and /parent/", () => {
    const token = newParentLink("pupil", 0).token;
    expect(parentLinkUrl(token)).toMatch(new RegExp(`^https?://[^/]+/parent/${token}$`));
  });
});

describe("expiry", () => {
  it(`is ${PARENT_LINK_DAYS} days after the link is given`, () => {
    const given = Date.UTC(2026, 8, 7, 9, 30);
    expect(expiryOf(given)).toBe(Date.UTC(2027, 8, 7, 9, 30));
    const { row } = newParentLink("pupil", given);
    expect(row.givenAt).toBe(given);
    expect(row.expiresAt - row.givenAt).toBe(365 * 24 * 60 * 60 * 1000);
  });
});

describe("the name a parent page shows", () => {
  it("is the first word of the pupil's name", () => {
    expect(firstNameOf("Ada Lovelace")).toBe("Ada");
    expect(firstNameOf("  Zoë  ")).toBe("Zoë");
    expect(firstNameOf("Mary-Jane O'Neil")).toBe("Mary-Jane");
  });
});
