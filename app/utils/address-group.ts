/**
 * The one address group every per-address rule counts under (docs/product.md#one-address-five-places,
 * docs/decisions/0074-fair-play-for-classes-and-addresses.md): an IPv4 address as it is (an IPv4-mapped IPv6 address
 * as its IPv4), an IPv6 address by its /64, written `a:b:c:d::/64` (one home or one phone is given a whole /64 and
 * may use any address in it, so counting its addresses one by one counts nothing). Boards, every rate limit, logins,
 * live games and the feed all get it: the server turns the client's address into its group where it reads it
 * (server/lanes.ts clientAddress). A group given again is itself; a missing address is "unknown"; anything that is
 * not an IPv6 address is its own group.
 */
export function addressGroupOf(address: string | null): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  if (address.endsWith("::/64")) return address;
  // A zone (fe80::1%eth0) names the machine's own link, not part of the address.
  const bare = address.toLowerCase().split("%", 1)[0]!;
  const [head = "", tail = ""] = bare.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = bare.includes("::") ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right];
  while (groups.length < 4) groups.push("0");
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
