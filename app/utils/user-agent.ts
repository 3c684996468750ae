/** A browser's User-Agent in words a member recognises ("Chrome on Windows"), for the list of their devices. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return "Unknown browser";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "A browser";
  const system = /iPhone|iPad|iPod/.test(ua)
    ? "iPhone or iPad"
    : /Android/.test(ua)
      ? "Android"
      : /CrOS/.test(ua)
        ? "Chromebook"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /Linux/.test(ua)
              ? "Linux"
              : "an unknown system";
  return `${browser} on ${system}`;
}

/**
 * Whether a page is for a touch screen first (a phone or a tablet), judged from the request alone: the game without
 * JavaScript then asks for no system keyboard over its on-screen pad (docs/product.md#number-pad-and-answer-entry).
 * The browser's own hint first (Sec-CH-UA-Mobile), then its User-Agent.
 */
export function touchFirst(headers: Headers): boolean {
  if (headers.get("sec-ch-ua-mobile") === "?1") return true;
  return /Mobi|Android|iPhone|iPad|iPod/.test(headers.get("user-agent") ?? "");
}
