// The one address group every per-address rule counts under (app/utils/address-group.ts,
// docs/decisions/0074-fair-play-for-classes-and-addresses.md).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressGroupOf } from "../../../app/utils/address-group";

describe("address groups", () => {
  it("keeps an IPv4 address, takes an IPv6 address by its /64", () => {
    expect(addressGroupOf("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroupOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroupOf("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroupOf("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressGroupOf("2001:DB8:1:2:0:0:0:99")).toBe("2001:db8:1:2::/64");
    expect(addressGroupOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressGroupOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressGroupOf("::1")).toBe("0:0:0:0::/64");
    expect(addressGroupOf(null)).toBe("unknown");
    expect(addressGroupOf("")).toBe("unknown");
  });

  it("puts the 25 addresses of one /64 in one group, and a group given again is itself", () => {
    const hex = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(fc.array(hex, { minLength: 4, maxLength: 4 }), (tail) => {
        const group = addressGroupOf(`2001:db8:aa:bb:${tail.join(":")}`);
        expect(group).toBe("2001:db8:aa:bb::/64");
        expect(addressGroupOf(group)).toBe(group);
      }),
    );
  });
});
