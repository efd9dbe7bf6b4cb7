/**
 * The rate limiter's key for a client address. One IPv6 client usually holds a whole /64 and can rotate within it,
 * so IPv6 addresses are keyed by their first 64 bits; IPv4 addresses are keyed whole, and so are IPv4 addresses
 * written as IPv6 (`::ffff:203.0.113.1`, `::ffff:cb00:7101`): their first 64 bits are the same for every one of them.
 */
export function clientKeyOf(address: string | undefined): string {
  if (!address) return 'local';
  const ip = address.trim();
  if (!ip.includes(':')) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip; // not an address we can read: keyed as given
  return mappedIpv4(groups) ?? `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:0:0/96), or null. */
function mappedIpv4(groups: number[]): string | null {
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return null;
  return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two), or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  const bare = ip.replace(/^\[|\]$/g, '').split('%')[0]!.toLowerCase();
  const expand = (part: string): number[] | null => {
    if (!part) return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (g.includes('.')) {
        const b = g.split('.').map(Number);
        if (b.length !== 4 || b.some((x) => !Number.isInteger(x) || x < 0 || x > 255)) return null;
        out.push((b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
        out.push(Number.parseInt(g, 16));
      }
    }
    return out;
  };
  const halves = bare.split('::');
  if (halves.length > 2) return null;
  const left = expand(halves[0]!);
  const right = halves.length === 2 ? expand(halves[1]!) : [];
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  return [...left, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...right];
}

